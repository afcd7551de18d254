// Word lists the scale seed builds listings and members from. Every category has the same
// number of items so the SQL can pick one with a single array subscript.
import type { ListingCategory } from '../../src/domain/listing';

export const itemsPerCategory = 16;
export const detailsPerCategory = 4;

export type CategoryVocabulary = {
  items: string[];
  details: string[];
  /** Prices are drawn log-uniformly between these, in dollars. */
  minPrice: number;
  maxPrice: number;
};

export const categoryVocabulary: Record<ListingCategory, CategoryVocabulary> = {
  electronics: {
    items: [
      'noise cancelling headphones', 'laptop', 'bluetooth speaker', '27 inch monitor', 'mirrorless camera', 'tablet',
      'mechanical keyboard', 'turntable', 'smart television', 'mobile phone', 'camera drone', 'games console',
      'projector', 'stereo amplifier', 'wireless earbuds', 'e-reader',
    ],
    details: [
      'Comes with the original box and charger.',
      'Fully tested and working perfectly.',
      'A few light scratches, no effect on use.',
      'Remote, cables and manual included.',
    ],
    minPrice: 20,
    maxPrice: 2500,
  },
  clothing: {
    items: [
      'leather jacket', 'summer dress', 'hiking boots', 'running sneakers', 'wool coat', 'denim jeans',
      'silk scarf', 'hoodie', 'linen shirt', 'handbag', 'raincoat', 'formal suit',
      'ski jacket', 'sandals', 'knitted jumper', 'school uniform',
    ],
    details: [
      'Worn twice, smoke-free home.',
      'Size medium, true to size.',
      'Freshly washed and ready to wear.',
      'Bought overseas, tags still on.',
    ],
    minPrice: 5,
    maxPrice: 300,
  },
  home: {
    items: [
      'three seater sofa', 'floor lamp', 'dining table', 'bookshelf', 'armchair', 'wool rug',
      'wall mirror', 'standing desk', 'wardrobe', 'queen bed frame', 'ceramic planter', 'lawn mower',
      'barbecue', 'electric kettle', 'desk lamp', 'outdoor setting',
    ],
    details: [
      'Solid timber, very sturdy.',
      'Disassembles for easy transport.',
      'Pet-free and smoke-free home.',
      'Minor marks consistent with age.',
    ],
    minPrice: 10,
    maxPrice: 2000,
  },
  sports: {
    items: [
      'road bicycle', 'kids bicycle', 'sit-on-top kayak', 'surfboard', 'tennis racket', 'golf clubs',
      'skateboard', 'treadmill', 'dumbbell set', 'camping tent', 'wetsuit', 'stand-up paddleboard',
      'bike helmet', 'cricket bat', 'snorkel set', 'yoga mat',
    ],
    details: [
      'Recently serviced, ready to ride.',
      'Used for one season only.',
      'Great for beginners.',
      'Some wear but plenty of life left.',
    ],
    minPrice: 10,
    maxPrice: 1500,
  },
  books: {
    items: [
      'crime novels', 'cookbook', 'vinyl records', 'board game', 'university textbook', 'comic collection',
      'DVD box set', 'world atlas', 'encyclopedia set', 'picture books', 'guitar songbook', 'jigsaw puzzle',
      'fantasy trilogy', 'gardening guide', 'travel guides', 'poetry anthology',
    ],
    details: [
      'All pages intact, no markings.',
      'Read once, like new.',
      'Great for a book club.',
      'Happy to bundle with other items.',
    ],
    minPrice: 2,
    maxPrice: 80,
  },
  other: {
    items: [
      'pram', 'baby cot', 'high chair', 'acoustic guitar', 'digital piano', 'sewing machine',
      'toolbox', 'extension ladder', 'fish tank', 'dog crate', 'wheelbarrow', 'violin',
      'pressure washer', 'cordless drill', 'cat tree', 'car roof racks',
    ],
    details: [
      'Everything works as it should.',
      'Includes all parts and accessories.',
      'Kept in a dry garage.',
      'Make an offer, must go this week.',
    ],
    minPrice: 5,
    maxPrice: 800,
  },
};

export const adjectives = [
  'Vintage', 'Near-new', 'Used', 'Retro', 'Compact', 'Large', 'Classic', 'Modern',
  'Barely used', 'Quality', 'Foldable', 'Lightweight', 'Heavy-duty', 'Stylish', 'Reliable', 'Premium',
];

export const conditions = ['excellent', 'good', 'great', 'fair', 'as-new', 'well-loved', 'very good', 'working'];

export const reasons = [
  'Moving house so it must go',
  'Upgraded to a newer one',
  'The kids have outgrown it',
  'No longer needed',
  'Downsizing to an apartment',
  'Selling on behalf of a friend',
  'Bought two by mistake',
  'Clearing out the garage',
];

export const pickupNotes = [
  'Pickup only from',
  'Cash on pickup in',
  'Can meet near the station in',
  'Bank transfer fine, pickup from',
];

export const firstNames = [
  'Olivia', 'Jack', 'Charlotte', 'William', 'Amelia', 'Noah', 'Isla', 'Oliver', 'Mia', 'Thomas', 'Ava', 'James',
  'Grace', 'Lucas', 'Chloe', 'Henry', 'Zoe', 'Ethan', 'Ruby', 'Leo', 'Matilda', 'Liam', 'Sienna', 'Harrison',
  'Priya', 'Wei', 'Aisha', 'Mohammed', 'Linh', 'Arjun', 'Mei', 'Daniel', 'Sofia', 'Kai', 'Hannah', 'Rangi',
];

export const lastNames = [
  'Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Nguyen', 'Johnson', 'Martin', 'White', 'Anderson',
  'Walker', 'Thompson', 'Harris', 'Lee', 'Ryan', 'Robinson', 'Kelly', 'King', 'Tran', 'Chen', 'Singh', 'Patel',
  "O'Brien", 'Murphy', 'Campbell', 'Clarke', 'Wright', 'Mitchell', 'Nguyen', 'Kaur', 'Papadopoulos',
];
