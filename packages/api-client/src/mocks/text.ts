/** The item at `index`, counting round and round: fixtures cycle through their samples. */
export function cycle<T>(items: readonly T[], index: number): T {
  if (items.length === 0) throw new Error('cycle() needs at least one item');
  return items[((index % items.length) + items.length) % items.length] as T;
}

/** A small deterministic random source, so a seeded data set looks the same on every run. */
export function createRandom(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => cycle(items, Math.floor(next() * items.length)),
    chance: (probability: number) => next() < probability,
  };
}

export type Random = ReturnType<typeof createRandom>;

export const SAMPLE_PEOPLE = [
  { username: 'maya_chen', display_name: 'Maya Chen', bio: 'Product designer. Tea over coffee.' },
  { username: 'leo_okafor', display_name: 'Leo Okafor', bio: 'Backend engineer, weekend cyclist.' },
  {
    username: 'sofia_r',
    display_name: 'Sofía Ramírez',
    bio: 'Writing about cities and the people in them.',
  },
  { username: 'kenji_w', display_name: 'Kenji Watanabe', bio: 'Photographer. Mostly clouds.' },
  {
    username: 'amara_n',
    display_name: 'Amara Nwosu',
    bio: 'Teaching kids to code. Opinions my own.',
  },
  { username: 'jonas_b', display_name: 'Jonas Berg', bio: null },
  { username: 'priya_k', display_name: 'Priya Kapoor', bio: 'Accessibility advocate 🦾' },
  {
    username: 'tomas_v',
    display_name: 'Tomás Vidal',
    bio: 'Baker of sourdough, breaker of builds.',
  },
  { username: 'ella_m', display_name: 'Ella Moreau', bio: 'Type nerd. Kerning is a lifestyle.' },
  { username: 'sam_green', display_name: 'Sam Green', bio: 'Gardening, open source, long walks.' },
] as const;

export const SAMPLE_WHISPS = [
  'Morning light on the river today. Some days the commute is the best part. #photography',
  'Shipped the new onboarding flow. Three screens fewer and nobody misses them. #design',
  'Hot take: every settings page should have a search box. #ux',
  'Finally fixed that flaky test. It was a timezone. It is always a timezone. #programming',
  'Reading list for the weekend: two novels, one book on urban trees, zero emails. 📚',
  'The bakery on the corner started doing cardamom buns and my productivity is doomed. #food',
  'Accessibility is not a feature you add at the end. It is how you build from the start. #a11y',
  'Anyone else find that walking meetings produce better ideas? #remotework',
  'Tried a new route on the bike today: 42 km, two flat tyres, one excellent view. #cycling',
  'A good error message says what happened and what to do next. That is the whole trick. #ux',
  'New blog post on how we cut our bundle size in half. Spoiler: we deleted things. #webdev',
  'Clouds over the harbour, 6 pm. No filter needed. #photography',
  'Teaching recursion to ten-year-olds with nesting dolls works better than any slide deck. #education',
  'Kerning pairs are the quiet heroes of a good headline. #typography',
  'Tomatoes are finally turning red. Summer is officially here. 🍅 #gardening',
  'Pair programming tip: swap the keyboard every 25 minutes, no exceptions. #programming',
  'The best design systems are boring in the best way. #design',
  'Made sourdough with a starter that is older than some of my colleagues. #food',
  'Three coffees in and the code review is finally making sense. ☕',
  'Reminder that rest is part of the work. Log off early today if you can.',
] as const;

export const SAMPLE_REPLIES = [
  'Completely agree with this.',
  'Love this! 🙌',
  'Saving this for later.',
  'Ha, been there.',
  'This is such a good point.',
  'Where was this taken?',
] as const;

export const SAMPLE_MESSAGES = [
  'Hey! Are we still on for Thursday?',
  'Yes, 6 pm at the usual place.',
  'Perfect, see you there.',
  'Did you see the new design review notes?',
  'Just read them, looks great.',
] as const;
