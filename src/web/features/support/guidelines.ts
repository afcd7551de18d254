// Community Guidelines: how members treat each other, and what may not be listed.
import { Ban, Clock, Flag, HeartHandshake, type LucideIcon, ScrollText } from 'lucide-react';

/** `avoid` lists what must not happen (shown with crosses); `follow` lists what to do (ticks). */
export type Guideline = { id: string; icon: LucideIcon; title: string; text: string; kind: 'follow' | 'avoid'; points: string[] };

export const guidelines: Guideline[] = [
  {
    id: 'be-kind',
    icon: HeartHandshake,
    title: 'Be kind',
    text: 'Treat every neighbour the way you would like to be treated at your own front door.',
    kind: 'follow',
    points: [
      'Keep messages polite, even when you say no or haggle on price.',
      'No harassment, threats, discrimination or hate speech, in listings or in messages.',
      'Respect privacy: don’t share anyone’s address, number or photo without their say-so.',
    ],
  },
  {
    id: 'be-honest',
    icon: ScrollText,
    title: 'Be honest about condition',
    text: 'A fair description saves everyone a wasted trip.',
    kind: 'follow',
    points: [
      'Use your own photos of the actual item, not pictures from a shop or the web.',
      'Mention scratches, faults, missing parts and how old it is.',
      'List one real item per listing, at the price you actually want.',
    ],
  },
  {
    id: 'prohibited',
    icon: Ban,
    title: 'No prohibited items',
    text: 'Some things can’t be sold here, however good the deal.',
    kind: 'avoid',
    points: [
      'Weapons, ammunition, fireworks and anything illegal to sell in your state.',
      'Drugs, prescription medicines, alcohol, tobacco and vapes.',
      'Stolen, counterfeit or recalled goods, and unsafe items such as expired baby car seats.',
      'Live animals, adult content, and personal documents or data.',
    ],
  },
  {
    id: 'pickup-times',
    icon: Clock,
    title: 'Respect pickup times',
    text: 'Local pickup only works when people turn up.',
    kind: 'follow',
    points: [
      'Arrive when you said you would, or message as early as you can if plans change.',
      'Sellers: hold an item for the buyer you agreed with, and delete the listing once it sells.',
      'Don’t ask for deposits or payment before the buyer has seen the item.',
    ],
  },
  {
    id: 'report',
    icon: Flag,
    title: 'Report problems',
    text: 'Our admins look after the community, and they rely on you to tell them what they can’t see.',
    kind: 'follow',
    points: [
      'Tell us about scams, no-shows, rude messages or listings that break these rules through Contact Us, with a link.',
      'If you feel unsafe, call 000 first.',
      'Members who break the guidelines may have listings removed or lose their account.',
    ],
  },
];
