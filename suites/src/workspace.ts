/**
 * The seeded workspace shared by every task of `phone-20`: one person's private files on their
 * phone, written in plain everyday language. Tasks all start from exactly this state.
 */

export interface SeedFile {
  path: string;
  content: string;
}

export type Change = { path: string; content: string } | { path: string; deleted: true };

export const TODO = `# To do

- [ ] Renew passport (it expires in January)
- [x] Pay the electricity bill
- [ ] Buy a birthday present for Maya
- [ ] Call the plumber about the dripping kitchen tap
- [ ] Sort out the drafts folder
- [x] Return library books
- [ ] Book winter tyres for the car
`;

export const SEED: SeedFile[] = [
  { path: "/todo.md", content: TODO },
  {
    path: "/notes/health.md",
    content: `# Health

- Dentist: check-up with Dr Okafor at Riverside Dental on Tuesday 3 November 2026 at 10:30. Bring the insurance card and get there ten minutes early.
- Physio: keep doing the knee exercises twice a day until the next review.
- Flu jab: done at the pharmacy on 2 October.
- The hay fever prescription runs out in March, so ask for a repeat in February.
`,
  },
  {
    path: "/notes/family.md",
    content: `# Family

Mum and Dad's wifi: the network is called Larkspur and the password is tulip-meadow-42
Maya's birthday is on 19 November. She turns 9 and is mad about drawing.
Grandma's new landline: 01632 960418
Sam and Leah's wedding is on 5 December at the old mill.
`,
  },
  {
    path: "/notes/2026-10-08.md",
    content: `Garden committee meeting, Thursday evening at the community hall
Present: Priya (chair), Tom, Ines and me

- The spring plant sale moves to Saturday 18 April 2027, because the hall is already booked on the 11th.
- We agreed to spend up to £120 on new hoses for the allotment plots.
- The compost bins by the gate are full. Ines will arrange a collection.

Actions
- Tom: fix the lock on the tool shed
- Priya: design and print the plant sale flyers
- Me: email the council about the broken water meter
`,
  },
  {
    path: "/notes/pets.md",
    content: `# Pets

Biscuit (the cat): booster vaccination at Hillside Vets on Wednesday 11 November 2026 at 16:15. No food after breakfast that day.
Flea treatment every four weeks; the next dose is due on 1 November.
Pepper (the rabbit): claws were trimmed in September, fine until spring.
`,
  },
  {
    path: "/notes/recipes.md",
    content: `# Recipes

## Pancakes (makes 8)
200 g plain flour, 2 eggs, 300 ml milk, a pinch of salt, butter for the pan.
Whisk everything, let it rest for 20 minutes, cook on a medium heat.

## Lentil soup
1 onion, 2 carrots, 150 g red lentils, 1 litre of stock, 1 tsp cumin. Simmer for 25 minutes.
`,
  },
  {
    path: "/drafts/draft-1.md",
    content: `Up Helvellyn by Striding Edge

We left Glenridding just after seven with frost still on the grass. The ridge itself was calmer than I feared, but the scramble down from the chimney had me on my bottom more than once. At the top the cloud lifted for about four minutes, long enough for one photo of Red Tarn.
`,
  },
  {
    path: "/drafts/draft-2.md",
    content: `Best man's toast for Sam and Leah

Good evening everyone. For those who don't know me, I have known Sam since we were eleven, when he told our whole class he could juggle and then broke a window proving it. Leah, you have made him calmer, kinder and much better dressed. Please raise your glasses to the happy couple.
`,
  },
  {
    path: "/letters/bank-2026-09.md",
    content: `Northgate Bank, 21 September 2026

Dear customer,

From 1 November 2026 the arranged overdraft rate on your current account ending 4471 changes to 21.9% EAR. You do not need to do anything. If you would like to talk about this, call us on 0345 600 2290.

Yours faithfully,
Customer Services
`,
  },
  {
    path: "/letters/council-parking.md",
    content: `Bristol City Council, Parking Services, 2 October 2026

Dear resident,

Your residents' parking permit RP-88213 for zone CV has been renewed and is valid until 30 September 2027. Please display the new permit on the windscreen from 1 November.

Parking Services
`,
  },
  {
    path: "/documents/boiler-warranty.md",
    content: `Boiler warranty: Calora 30 combi, installed by Brightwater Heating

Serial number 21-0448-7731
Parts and labour are covered until 14 June 2029, as long as the boiler is serviced every year.
To claim, ring 0800 160 4420 and quote the serial number.
`,
  },
  {
    path: "/lists/shopping.md",
    content: `# Shopping

- eggs
- bread
- tomatoes
- washing-up liquid
`,
  },
  {
    path: "/contacts.md",
    content: `# Contacts

- Mr Haddad (landlord): 3 Quarry Lane, Bristol BS7 8AX, phone 07700 900213
- Kev Doyle (plumber): 07700 900587
- Riverside Dental: 0117 496 0321
- Priya (garden committee): priya.n@example.com
`,
  },
  {
    path: "/reminders/car-service.md",
    content: `Car service at Fenwick Garage
Friday 30 October 2026 at 09:00
Leave the spare key in the drop box if I'm running late.
`,
  },
  {
    path: "/reminders/library-talk.md",
    content: `Author talk at Central Library
Thursday 12 November 2026 at 19:00
Tickets are free but book online first.
`,
  },
  {
    path: "/archive/2025-tax-return.md",
    content: `Self assessment 2024-25: submitted on 14 January 2026. Reference 4419-20873. Nothing left to pay.
`,
  },
];

export function seedContent(path: string): string {
  const file = SEED.find((f) => f.path === path);
  if (!file) throw new Error(`no seed file ${path}`);
  return file.content;
}

/** The seed with `changes` applied in order (a write replaces or adds a file, a deletion removes it). */
export function applyChanges(changes: Change[], base: SeedFile[] = SEED): SeedFile[] {
  const files = new Map(base.map((f) => [f.path, f.content]));
  for (const c of changes) {
    if ("deleted" in c) files.delete(c.path);
    else files.set(c.path, c.content);
  }
  return [...files].map(([path, content]) => ({ path, content }));
}

/** The content of seed file `path` with `text` appended at the end. */
export function appended(path: string, text: string): string {
  return seedContent(path) + text;
}

/** The content of seed file `path` with its one occurrence of `from` replaced by `to`. */
export function replaced(path: string, from: string, to: string): string {
  const content = seedContent(path);
  if (!content.includes(from)) throw new Error(`${path} has no ${JSON.stringify(from)}`);
  return content.replace(from, to);
}
