// Safety Tips: practical advice for trading face to face in Australia. Text only: no outside calls.
import {
  Banknote,
  Clock,
  Eye,
  Gift,
  KeyRound,
  type LucideIcon,
  MessageSquareWarning,
  ReceiptText,
  Truck,
  UserRoundPlus,
  Users,
} from 'lucide-react';

export type SafetyTip = { icon: LucideIcon; title: string; text: string };
export type SafetyTipGroup = { id: string; title: string; lead: string; tips: SafetyTip[] };

export const safetyTipGroups: SafetyTipGroup[] = [
  {
    id: 'meeting',
    title: 'Meeting up',
    lead: 'Most trades are friendly and quick. A little planning keeps them that way.',
    tips: [
      {
        icon: Users,
        title: 'Meet in a busy public place',
        text: 'A shopping centre, a café or a well-lit car park in daylight. For something big like a couch, keep the handover to your driveway or garage rather than inside.',
      },
      {
        icon: UserRoundPlus,
        title: 'Bring someone, or tell a friend',
        text: 'Take a mate along, or let someone know where you are going, who you are meeting and when you expect to be back.',
      },
      {
        icon: Eye,
        title: 'Check the item before you pay',
        text: 'Switch it on, try it, look for damage and check serial numbers. If it isn’t as described, it’s fine to walk away.',
      },
    ],
  },
  {
    id: 'paying',
    title: 'Paying and getting paid',
    lead: 'Money changes hands at pickup, face to face, and not before.',
    tips: [
      {
        icon: Banknote,
        title: 'Never pay before pickup',
        text: 'No deposits to “hold” an item and no payment for something you haven’t seen. Pay with cash, or a bank transfer you both watch arrive.',
      },
      {
        icon: Gift,
        title: 'No gift cards, crypto or wire transfers',
        text: 'Anyone asking to be paid in gift cards, cryptocurrency or an overseas money transfer is running a scam. Real neighbours don’t ask for them.',
      },
      {
        icon: ReceiptText,
        title: 'Fake payment screenshots',
        text: 'A screenshot or an email that says “payment sent” is not money. Check your own banking app, and ignore emails claiming you must upgrade an account or pay a fee to receive a PayID transfer.',
      },
    ],
  },
  {
    id: 'scams',
    title: 'Scams to watch for',
    lead: 'Scammers lean on the same few tricks. Once you know them, they are easy to spot.',
    tips: [
      {
        icon: MessageSquareWarning,
        title: '“Overpayments”',
        text: 'A buyer “accidentally” sends too much and asks you to refund the difference. The first payment bounces or never existed; your refund is real.',
      },
      {
        icon: KeyRound,
        title: 'Codes sent to your phone',
        text: 'Never share a code you receive by SMS or email, even to “prove you are real”. Those codes unlock your accounts. We will never ask for one.',
      },
      {
        icon: Truck,
        title: 'Couriers for local pickup items',
        text: 'Every item here is collected in person. A buyer who can’t come and wants to send a courier, or a seller who wants to post it after you pay, is a red flag.',
      },
      {
        icon: Clock,
        title: 'Rush tactics',
        text: 'Pressure to decide right now, sob stories or a deal that is too good to be true are designed to stop you thinking. Slow down; a genuine neighbour will wait.',
      },
    ],
  },
];

/** What to do when something has gone wrong: Australian contacts, written out as text. */
export const reportSteps = [
  'Stop replying and don’t send any more money or codes.',
  'If you paid or shared bank details, call your bank straight away: the sooner they know, the more they can do.',
  'Report the scam to Scamwatch, run by the ACCC, at scamwatch.gov.au, and report online fraud through ReportCyber at cyber.gov.au.',
  'Tell us through Contact Us, with a link to the listing or the member, so we can stop it happening to a neighbour.',
  'If you feel unsafe, call 000. For anything non-urgent, the Police Assistance Line is 131 444.',
];
