// Demo data: a handful of neighbours across Australia and about forty second-hand listings with
// generated photos, loaded once per database so a fresh `npm start` has something to browse.
// Every demo account signs in with the password below.
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { formatListingLocation, type ListingCategory, type ListingCondition } from '../../domain/listing';
import { createListingBody } from '../../domain/listing-schemas';
import { tierRules, type MembershipTier } from '../../domain/tiers';
import { hashPassword } from '../auth';
import type { Database } from '../db/open-database';
import { appMeta, listings, users } from '../db/schema';
import type { MediaStorage } from '../services/storage';
import { rebuildPostcodeCounts } from '../map';
import { findPostcode } from '../postcodes';
import { makeShareImage } from '../uploads';
import { type DemoIconName, demoIconDrawings } from './demo-icons';

export const demoPassword = 'neighbour123';
export const demoDataKey = 'demo_data';
export const demoAdminEmail = 'admin@demo.neighbourly.au';

type DemoMember = {
  key: string;
  firstName: string;
  lastName: string;
  tier: MembershipTier;
  postcode: string;
  suburb: string;
  isAdmin?: boolean;
  isEmailVerified: boolean;
  isPhoneVerified: boolean;
  isCardVerified: boolean;
  /** Numbers from ACMA's range reserved for fiction, so no real phone rings. */
  phone: string | null;
  joinedDaysAgo: number;
  /** Joined recently on Explorer's free month, as a new registration does. */
  onFreeTrial?: boolean;
};

type DemoListing = {
  seller: string;
  category: ListingCategory;
  title: string;
  price: string;
  description: string;
  /** One photo per icon (1 to 3). */
  photos: DemoIconName[];
  daysAgo: number;
  sold?: boolean;
};

/**
 * The demo listings' conditions, in turn: mostly used and in good shape, as on any marketplace, and
 * every seventh not stated (a listing from before conditions were asked for).
 */
const demoConditions: (ListingCondition | null)[] = ['good', 'like-new', 'good', 'new', 'fair', 'like-new', null, 'good', 'for-parts', 'like-new', 'good', 'fair', 'new', null];

const members: DemoMember[] = [
  { key: 'mia', firstName: 'Mia', lastName: 'Thompson', tier: 'lifetime', postcode: '3068', suburb: 'Fitzroy North', isEmailVerified: true, isPhoneVerified: true, isCardVerified: true, phone: '+61491570156', joinedDaysAgo: 210 },
  { key: 'jack', firstName: 'Jack', lastName: 'Murphy', tier: 'connector', postcode: '2010', suburb: 'Surry Hills', isEmailVerified: true, isPhoneVerified: true, isCardVerified: true, phone: '+61491570157', joinedDaysAgo: 160 },
  { key: 'chloe', firstName: 'Chloe', lastName: 'Nguyen', tier: 'explorer', postcode: '4101', suburb: 'West End', isEmailVerified: true, isPhoneVerified: false, isCardVerified: false, phone: null, joinedDaysAgo: 75 },
  { key: 'liam', firstName: 'Liam', lastName: 'Walker', tier: 'connector', postcode: '6160', suburb: 'Fremantle', isEmailVerified: true, isPhoneVerified: true, isCardVerified: false, phone: '+61491570158', joinedDaysAgo: 120 },
  { key: 'sophie', firstName: 'Sophie', lastName: 'Papadopoulos', tier: 'starter', postcode: '5067', suburb: 'Norwood', isEmailVerified: true, isPhoneVerified: false, isCardVerified: false, phone: null, joinedDaysAgo: 45 },
  // A brand-new neighbour who has not verified their email yet, so has nothing listed.
  { key: 'oliver', firstName: 'Oliver', lastName: 'Bennett', tier: 'explorer', postcode: '7000', suburb: 'North Hobart', isEmailVerified: false, isPhoneVerified: false, isCardVerified: false, phone: null, joinedDaysAgo: 2, onFreeTrial: true },
  { key: 'admin', firstName: 'Grace', lastName: 'Campbell', tier: 'connector', postcode: '2612', suburb: 'Braddon', isAdmin: true, isEmailVerified: true, isPhoneVerified: true, isCardVerified: true, phone: '+61491570159', joinedDaysAgo: 300 },
];

const demoListings: DemoListing[] = [
  // Mia, Fitzroy North VIC (Lifetime)
  { seller: 'mia', category: 'electronics', title: 'Sony WH-1000XM4 noise-cancelling headphones', price: '220.00', description: "Bought these for the tram commute but I'm working from home now. Battery still lasts all day and the ear cushions were replaced in March. Comes with the original case and cable.", photos: ['Headphones', 'Music'], daysAgo: 1.2 },
  { seller: 'mia', category: 'home', title: 'Mid-century Parker teak armchair', price: '280.00', description: 'Original Parker lounge chair with the teak frame in lovely condition. The cushions were reupholstered in a mustard wool a couple of years ago. A real statement piece for a Fitzroy terrace.', photos: ['Armchair', 'Lamp'], daysAgo: 4.5 },
  { seller: 'mia', category: 'clothing', title: 'R.M. Williams Comfort Craftsman boots, size 9', price: '260.00', description: 'Chestnut leather, resoled once at an R.M. Williams store last year. Plenty of life left and already broken in. Happy to meet at Edinburgh Gardens.', photos: ['Footprints'], daysAgo: 6.1 },
  { seller: 'mia', category: 'books', title: 'Box of 25 Penguin Classics paperbacks', price: '40.00', description: 'A mixed box including Austen, Dickens, Woolf and Tolstoy. Some have pencil notes in the margins from my uni days. Pick up only from Fitzroy North.', photos: ['BookOpen', 'Library'], daysAgo: 9.4 },
  { seller: 'mia', category: 'sports', title: 'Giant Contend road bike, 54 cm frame', price: '550.00', description: 'Aluminium frame with a Shimano Claris groupset, serviced two months ago with new tyres. A great first road bike for Beach Road rides. Test rides welcome with ID.', photos: ['Bike', 'Wrench', 'Bike'], daysAgo: 12.8 },
  { seller: 'mia', category: 'home', title: 'Breville Barista Express coffee machine', price: '380.00', description: 'Makes a cracking flat white. Descaled regularly and comes with the milk jug, tamper and cleaning tablets. Only selling because I was given an upgrade.', photos: ['Coffee', 'Coffee'], daysAgo: 17.3 },
  { seller: 'mia', category: 'other', title: 'Moving boxes, 30 sturdy cartons plus tape', price: '25.00', description: 'Double-walled boxes from our last move, flat-packed and dry. Includes a roll of packing tape. Save them from the recycling bin!', photos: ['Package', 'PackageOpen'], daysAgo: 21.6 },
  { seller: 'mia', category: 'electronics', title: 'Nintendo Switch OLED with two games', price: '340.00', description: 'White OLED model with Mario Kart 8 Deluxe and Animal Crossing. Screen protector on since day one, so not a scratch. Includes the dock and both Joy-Cons.', photos: ['Gamepad2', 'Tv', 'Gamepad2'], daysAgo: 25.9 },
  { seller: 'mia', category: 'clothing', title: "Kathmandu down puffer jacket, women's 10", price: '90.00', description: 'Warm and light navy puffer, made for Melbourne winters. Worn one season with no tears. Packs into its own pocket.', photos: ['Shirt'], daysAgo: 28.2, sold: true },

  // Jack, Surry Hills NSW (Connector)
  { seller: 'jack', category: 'sports', title: "7'2\" mini mal surfboard with leg rope", price: '420.00', description: "Perfect for learning at Bondi or Manly: forgiving and floaty. A couple of professionally repaired dings, all watertight. Comes with a leg rope and board bag.", photos: ['Waves', 'Sun'], daysAgo: 0.4 },
  { seller: 'jack', category: 'electronics', title: 'MacBook Air M1 13-inch, 256 GB', price: '750.00', description: 'Space grey with 89% battery health. Always kept in a sleeve, with one tiny scuff on the lid. Factory reset and ready to go with the charger.', photos: ['Laptop', 'Laptop'], daysAgo: 3.3 },
  { seller: 'jack', category: 'home', title: 'Weber Baby Q barbecue with stand', price: '180.00', description: 'Ideal for a balcony snag or two. Cleaned and ready for summer; the gas bottle is not included. Cover thrown in.', photos: ['Flame', 'Beef'], daysAgo: 5.7 },
  { seller: 'jack', category: 'books', title: 'Aussie rock vinyl bundle, 12 LPs', price: '120.00', description: "Includes Cold Chisel, Midnight Oil, INXS and The Go-Betweens. Sleeves show some wear but the records play cleanly. Happy to send the full list.", photos: ['Disc3', 'Music'], daysAgo: 8.9 },
  { seller: 'jack', category: 'other', title: 'Large folding dog crate', price: '60.00', description: 'Wire crate with a removable tray that fits a labrador comfortably. Our pup has graduated to the couch. Clean and rust-free.', photos: ['PawPrint', 'Dog'], daysAgo: 11.2 },
  { seller: 'jack', category: 'clothing', title: "Country Road linen shirts, men's L (3 pack)", price: '45.00', description: 'White, sage and navy linen shirts, each worn a handful of times. They just do not fit me any more. Ironed and ready to wear.', photos: ['Shirt', 'ShoppingBag'], daysAgo: 14.6 },
  { seller: 'jack', category: 'electronics', title: 'Samsung 55-inch 4K smart TV', price: '350.00', description: 'Crisp picture with Netflix, Stan and ABC iview built in. Remote and wall bracket included. You will need a car big enough to fit the box.', photos: ['Tv', 'Monitor'], daysAgo: 19.1 },
  { seller: 'jack', category: 'home', title: 'Monstera deliciosa in terracotta pot', price: '45.00', description: 'A healthy monstera about a metre tall with plenty of new leaves. The pot is included. It has outgrown my terrace.', photos: ['Sprout', 'Leaf'], daysAgo: 23.4 },
  { seller: 'jack', category: 'sports', title: 'Yoga mat and foam roller', price: '30.00', description: 'Thick 6 mm mat and a firm foam roller, both wiped down and in good nick. Great for a Centennial Park session.', photos: ['Dumbbell'], daysAgo: 27.5, sold: true },

  // Chloe, West End QLD (Explorer)
  { seller: 'chloe', category: 'sports', title: 'Coleman 4-person dome tent', price: '140.00', description: 'Used on three trips to Noosa and Straddie. All poles and pegs are accounted for and it has never leaked. Packs into its carry bag.', photos: ['Tent', 'TreePine'], daysAgo: 2.1 },
  { seller: 'chloe', category: 'home', title: 'Hardwood outdoor table and four chairs', price: '200.00', description: 'Sturdy hardwood setting that has weathered nicely on our deck. Oiled last spring. Pick up from West End, ground floor access.', photos: ['Sun', 'TreePalm'], daysAgo: 7.8 },
  { seller: 'chloe', category: 'clothing', title: "Women's summer dresses bundle, size 10", price: '50.00', description: 'Five cotton and linen dresses, perfect for a Brisbane summer. Labels include Seed and Witchery. All washed, from a smoke-free home.', photos: ['Shirt', 'ShoppingBag'], daysAgo: 13.5 },
  { seller: 'chloe', category: 'books', title: 'Roald Dahl collection, 16 paperbacks', price: '30.00', description: 'A boxed set read and loved by my two kids. Great for a young reader getting into chapter books. A couple of covers are creased.', photos: ['Book', 'BookOpen'], daysAgo: 16.2 },
  { seller: 'chloe', category: 'electronics', title: 'Fujifilm X-T20 camera with 18-55 mm lens', price: '680.00', description: 'Around 9,000 shutter clicks and no marks on the body. Comes with two batteries, the charger and a strap. Selling because I mostly shoot on my phone now.', photos: ['Camera', 'Aperture', 'Camera'], daysAgo: 20.7 },
  { seller: 'chloe', category: 'other', title: 'Bugaboo Bee pram, black', price: '300.00', description: 'Compact pram that folds small enough for the boot of a hatchback. Includes the rain cover and sun canopy. Fabrics washed.', photos: ['Baby'], daysAgo: 29.1, sold: true },

  // Liam, Fremantle WA (Connector)
  { seller: 'liam', category: 'sports', title: 'Shimano spin rod and reel combo', price: '85.00', description: 'Ideal for South Mole or a jetty session with the kids. Line replaced recently. A tackle box with lures is included.', photos: ['FishingRod', 'Fish'], daysAgo: 0.9 },
  { seller: 'liam', category: 'sports', title: 'Inflatable stand-up paddleboard', price: '300.00', description: 'A stable 10\'6" board that pumps up in five minutes. Comes with the paddle, pump, fin and backpack. Used mostly on the Swan River.', photos: ['Sailboat', 'Waves'], daysAgo: 4.9 },
  { seller: 'liam', category: 'home', title: 'Recycled jarrah dining table, seats six', price: '900.00', description: 'Solid recycled jarrah, made by a local Fremantle maker. A few marks that add character. Needs two people and a trailer to move.', photos: ['Utensils', 'TreeDeciduous'], daysAgo: 10.3 },
  { seller: 'liam', category: 'electronics', title: 'Bose SoundLink portable speaker', price: '110.00', description: 'Loud, clear and the battery still lasts a full beach afternoon. Pairs over Bluetooth with anything. Charging cable included.', photos: ['Speaker', 'Bluetooth'], daysAgo: 15.4 },
  { seller: 'liam', category: 'other', title: 'Esky 45 L ice box', price: '40.00', description: 'Keeps the drinks cold all weekend on Rottnest. Handles and drain plug work fine. A few scuffs, nothing that matters.', photos: ['Snowflake'], daysAgo: 18.8 },
  { seller: 'liam', category: 'books', title: 'Beginner guitar books and chord charts', price: '20.00', description: 'Three method books and a wall chart that got me through my first year of lessons. No missing pages. Good for teenagers or adult beginners.', photos: ['Guitar', 'Book'], daysAgo: 22.5 },
  { seller: 'liam', category: 'other', title: 'Makita 18V cordless drill kit', price: '150.00', description: 'Drill with two batteries, the charger and a case of bits. Used for one renovation and then shelved. Works perfectly.', photos: ['Drill', 'Wrench'], daysAgo: 26.3 },
  { seller: 'liam', category: 'electronics', title: 'iPhone 12, 128 GB, unlocked', price: '380.00', description: 'Blue, battery health 86%, always in a case with a screen protector. Unlocked for any network. Original box included.', photos: ['Smartphone'], daysAgo: 29.6, sold: true },

  // Sophie, Norwood SA (Starter: one active listing at a time)
  { seller: 'sophie', category: 'home', title: 'Le Creuset cast-iron casserole, 26 cm', price: '170.00', description: 'Volcanic orange round casserole, perfect for slow-cooked stews. The enamel has no chips, just some staining inside from use. Very heavy!', photos: ['CookingPot', 'Flame'], daysAgo: 3.9 },
  { seller: 'sophie', category: 'books', title: "Stephanie Alexander's The Cook's Companion", price: '35.00', description: 'The big orange bible of Australian home cooking, second edition. A few splashes on the pages, as any good cookbook should have.', photos: ['BookOpen', 'ChefHat'], daysAgo: 24.0, sold: true },

  // Grace, Braddon ACT (Connector, the demo admin)
  { seller: 'admin', category: 'sports', title: 'Cross-country skis, poles and boots', price: '160.00', description: 'Great for the cross-country trails at Perisher. The boots are EU 42. Waxed and ready for the snow season.', photos: ['MountainSnow', 'Snowflake'], daysAgo: 2.8 },
  { seller: 'admin', category: 'electronics', title: 'Dell 27-inch USB-C monitor', price: '190.00', description: 'One cable charges the laptop and carries the picture. No dead pixels. Stand and cables included.', photos: ['Monitor'], daysAgo: 8.1 },
  { seller: 'admin', category: 'home', title: "De'Longhi oil column heater", price: '60.00', description: 'Canberra winters sorted. Seven fins, and the thermostat and timer work well. Quiet and cosy for a bedroom.', photos: ['ThermometerSun', 'Flame'], daysAgo: 12.2 },
  { seller: 'admin', category: 'clothing', title: "Wool winter coat, women's 12", price: '110.00', description: 'Charcoal wool-blend coat, dry-cleaned and ready for frosty mornings. Fully lined with deep pockets. Worn two winters.', photos: ['Shirt'], daysAgo: 17.9 },
  { seller: 'admin', category: 'books', title: 'Lonely Planet travel guides, set of 6', price: '30.00', description: 'Australia, New Zealand, Japan and more, all from the last few years. Great for planning the next trip. Some dog-eared pages.', photos: ['Map', 'BookOpen'], daysAgo: 21.0 },
  { seller: 'admin', category: 'other', title: 'Board games bundle: Catan and Ticket to Ride', price: '70.00', description: 'Both complete, checked piece by piece. Perfect for a rainy weekend. Boxes are a little worn on the corners.', photos: ['Dices', 'Puzzle'], daysAgo: 27.0, sold: true },
];

/** Gradient colours per category: light corner to dark corner. */
const categoryColours: Record<ListingCategory, [string, string]> = {
  electronics: ['#3b82f6', '#1e3a8a'],
  clothing: ['#ec4899', '#831843'],
  home: ['#22c55e', '#14532d'],
  sports: ['#f97316', '#9a3412'],
  books: ['#8b5cf6', '#4c1d95'],
  other: ['#14b8a6', '#134e4a'],
};

const photoSize = { width: 1200, height: 900 };
const thumbSize = { width: 400, height: 300 };
const dayMs = 86_400_000;

/** The drawing inside a lucide icon (24x24 view box, stroked). */
function iconShapes(name: DemoIconName): string {
  return demoIconDrawings[name];
}

/** A photo-sized SVG: category gradient, soft light, and the item's icon in white. No text, so no fonts. */
function composePhotoSvg(icon: DemoIconName, category: ListingCategory, variant: number): string {
  const [light, dark] = categoryColours[category];
  const layouts = [
    { cx: 600, cy: 450, disc: 300, scale: 18, rotate: 0, gradient: 'x1="0" y1="0" x2="1" y2="1"', accent: { cx: 170, cy: 760, r: 150 } },
    { cx: 640, cy: 470, disc: 340, scale: 22, rotate: -10, gradient: 'x1="1" y1="0" x2="0" y2="1"', accent: { cx: 1080, cy: 120, r: 190 } },
    { cx: 560, cy: 430, disc: 260, scale: 14, rotate: 8, gradient: 'x1="0" y1="1" x2="1" y2="0"', accent: { cx: 1060, cy: 800, r: 170 } },
  ];
  const layout = layouts[variant % layouts.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${photoSize.width}" height="${photoSize.height}" viewBox="0 0 1200 900">
  <defs>
    <linearGradient id="bg" ${layout.gradient}><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1200" height="900" fill="url(#bg)"/>
  <rect width="1200" height="900" fill="url(#glow)"/>
  <circle cx="${layout.accent.cx}" cy="${layout.accent.cy}" r="${layout.accent.r}" fill="#fff" fill-opacity="0.06"/>
  <circle cx="${layout.cx}" cy="${layout.cy}" r="${layout.disc}" fill="#fff" fill-opacity="0.12"/>
  <g transform="translate(${layout.cx} ${layout.cy}) rotate(${layout.rotate}) scale(${layout.scale}) translate(-12 -12)" fill="none" stroke="#fff" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">${iconShapes(icon)}</g>
</svg>`;
}

type RenderedPhoto = { display: Buffer; thumbnail: Buffer; share: Buffer };

async function renderPhoto(icon: DemoIconName, category: ListingCategory, variant: number): Promise<RenderedPhoto> {
  // sharp writes no metadata (EXIF, GPS) unless asked to.
  const display = await sharp(Buffer.from(composePhotoSvg(icon, category, variant)))
    .resize(photoSize.width, photoSize.height)
    .jpeg({ quality: 85 })
    .toBuffer();
  const thumbnail = await sharp(display).resize(thumbSize.width, thumbSize.height).jpeg({ quality: 85 }).toBuffer();
  return { display, thumbnail, share: await makeShareImage(display) };
}

async function runWithConcurrency<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(workers);
}

type PhotoJob = { listingId: string; index: number; icon: DemoIconName; category: ListingCategory };

/** Stores `media/demo/<listingId>-<n>.jpg`, its `-thumb.jpg` and `-share.jpg` through the media storage; identical pictures are rendered once. */
async function storeDemoPhotos(storage: MediaStorage, jobs: PhotoJob[]): Promise<void> {
  const rendered = new Map<string, Promise<RenderedPhoto>>();
  await runWithConcurrency(jobs, Math.max(2, availableParallelism()), async (job) => {
    const variant = job.index - 1;
    const cacheKey = `${job.icon}|${job.category}|${variant}`;
    let photo = rendered.get(cacheKey);
    if (!photo) {
      photo = renderPhoto(job.icon, job.category, variant);
      rendered.set(cacheKey, photo);
    }
    const { display, thumbnail, share } = await photo;
    const base = `media/demo/${job.listingId}-${job.index}`;
    await Promise.all([
      storage.put(`${base}.jpg`, display, 'image/jpeg'),
      storage.put(`${base}-thumb.jpg`, thumbnail, 'image/jpeg'),
      storage.put(`${base}-share.jpg`, share, 'image/jpeg'),
    ]);
  });
}

function locationOf(member: DemoMember) {
  const entry = findPostcode(member.postcode);
  if (!entry || !entry.suburbs.includes(member.suburb)) {
    throw new Error(`demo data: ${member.suburb} ${member.postcode} is not in the postcode directory`);
  }
  return {
    postcode: entry.postcode,
    suburb: member.suburb,
    state: entry.state,
    latitude: entry.latitude,
    longitude: entry.longitude,
    location: formatListingLocation({ suburb: member.suburb, state: entry.state, postcode: entry.postcode }),
  };
}

function emailOf(member: DemoMember): string {
  return member.isAdmin ? demoAdminEmail : `${member.key}@demo.neighbourly.au`;
}

/** The rows to insert, checked against the same rules members face (spec 5 and 9). */
async function buildDemoRows(now: number) {
  const passwordHashes = await Promise.all(members.map(() => hashPassword(demoPassword)));
  const userIds = new Map<string, string>();
  const places = new Map<string, ReturnType<typeof locationOf>>();
  const userRows = members.map((member, index) => {
    const id = randomUUID();
    const place = locationOf(member);
    userIds.set(member.key, id);
    places.set(member.key, place);
    const joinedAt = new Date(now - member.joinedDaysAgo * dayMs);
    const trialEndDate = member.onFreeTrial ? new Date(joinedAt) : null;
    trialEndDate?.setMonth(trialEndDate.getMonth() + tierRules[member.tier].freeTrialMonths);
    return {
      id,
      email: emailOf(member),
      password: passwordHashes[index],
      authMethod: 'email',
      firstName: member.firstName,
      lastName: member.lastName,
      membershipTier: member.tier,
      isAdmin: member.isAdmin ?? false,
      isEmailVerified: member.isEmailVerified,
      isPhoneVerified: member.isPhoneVerified,
      isCardVerified: member.isCardVerified,
      phone: member.phone,
      postcode: place.postcode,
      suburb: place.suburb,
      state: place.state,
      location: place.location,
      postcodeLastChanged: null,
      trialEndDate,
      createdAt: joinedAt,
      updatedAt: joinedAt,
    } satisfies typeof users.$inferInsert;
  });

  const activeCounts = new Map<string, number>();
  const photoJobs: PhotoJob[] = [];
  const listingRows = demoListings.map((listing, listingIndex) => {
    const seller = members.find((member) => member.key === listing.seller)!;
    const rules = tierRules[seller.tier];
    const id = randomUUID();
    const photos = listing.photos.slice(0, rules.maxImagesPerListing);
    const imageUrls = photos.map((_icon, index) => `/media/demo/${id}-${index + 1}.jpg`);
    const body = createListingBody.parse({ ...listing, condition: demoConditions[listingIndex % demoConditions.length], imageUrls });
    if (body.price !== listing.price) throw new Error(`demo data: price ${listing.price} is not in canonical form`);
    if (!listing.sold) activeCounts.set(seller.key, (activeCounts.get(seller.key) ?? 0) + 1);
    if (rules.listingLimit !== null && (activeCounts.get(seller.key) ?? 0) > rules.listingLimit) {
      throw new Error(`demo data: ${seller.firstName} has more active listings than the ${rules.label} tier allows`);
    }
    photos.forEach((icon, index) => photoJobs.push({ listingId: id, index: index + 1, icon, category: listing.category }));

    const place = places.get(seller.key)!;
    const createdAt = new Date(now - listing.daysAgo * dayMs);
    // A sold listing was marked sold a few days after it went up.
    const updatedAt = listing.sold ? new Date(Math.min(now, createdAt.getTime() + 3 * dayMs)) : createdAt;
    return {
      id,
      title: body.title,
      description: body.description,
      price: body.price,
      category: body.category,
      condition: body.condition ?? null,
      location: place.location,
      imageUrls,
      sellerId: userIds.get(seller.key)!,
      isActive: !listing.sold,
      postcode: place.postcode,
      suburb: place.suburb,
      state: place.state,
      latitude: place.latitude,
      longitude: place.longitude,
      createdAt,
      // Listed when it went up, and ranked by that in newest first (all are within their listing time).
      listedAt: createdAt,
      rankedAt: createdAt,
      updatedAt,
    } satisfies typeof listings.$inferInsert;
  });
  return { userRows, listingRows, photoJobs };
}

/** Loads the demo members and listings once (DEMO_DATA); their photos go through the media storage like any upload. */
export async function seedDemoData(deps: { db: Database; storage: MediaStorage; log: { info: (msg: string) => void } }): Promise<void> {
  const { db, storage, log } = deps;
  // Fast path: once loaded, starting the server costs one primary-key lookup.
  const [existing] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, demoDataKey));
  if (existing) return;

  const started = performance.now();
  const { userRows, listingRows, photoJobs } = await buildDemoRows(Date.now());

  const outcome = await db.transaction(async (tx) => {
    // Claiming the key first makes a second, concurrent start wait here and then do nothing.
    const claimed = await tx
      .insert(appMeta)
      .values({ key: demoDataKey, value: { loadedAt: new Date().toISOString(), members: userRows.length, listings: listingRows.length } })
      .onConflictDoNothing({ target: appMeta.key })
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return 'already loaded' as const;

    const clashing = await tx.select({ email: users.email }).from(users).where(inArray(users.email, userRows.map((row) => row.email)));
    if (clashing.length > 0) {
      await tx.update(appMeta).set({ value: { skipped: `demo emails already registered: ${clashing.map((row) => row.email).join(', ')}` } }).where(eq(appMeta.key, demoDataKey));
      return 'emails taken' as const;
    }

    await tx.insert(users).values(userRows);
    await tx.insert(listings).values(listingRows);
    await rebuildPostcodeCounts(tx);
    // Photos last: if writing them fails, the rows roll back and the next start tries again.
    await storeDemoPhotos(storage, photoJobs);
    return 'loaded' as const;
  });

  const elapsed = Math.round(performance.now() - started);
  if (outcome === 'loaded') {
    log.info(`Demo data loaded in ${elapsed} ms: ${userRows.length} members and ${listingRows.length} listings; every demo account's password is "${demoPassword}"`);
  } else if (outcome === 'emails taken') {
    log.info('Demo data skipped: the demo members are already registered');
  }
}
