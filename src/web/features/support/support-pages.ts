// The four footer pages (spec 2: Help Centre, Safety Tips, Contact Us, Community Guidelines).
export const supportPages = [
  { path: '/help', label: 'Help Centre', summary: 'Answers about accounts, verification, listing, plans and pickup.' },
  { path: '/safety', label: 'Safety Tips', summary: 'How to meet, pay and spot a scam before it costs you.' },
  { path: '/contact', label: 'Contact Us', summary: 'Send the team a message; we reply by email.' },
  { path: '/guidelines', label: 'Community Guidelines', summary: 'How we look after each other on the marketplace.' },
] as const;

export type SupportPagePath = (typeof supportPages)[number]['path'];
