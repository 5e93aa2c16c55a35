/** The demo community: who they are and what they care about (their hashtags). */
export interface DemoPerson {
  username: string;
  displayName: string;
  bio: string | null;
  topics: string[];
  verified?: boolean;
}

export const DEMO_VISITOR: DemoPerson = {
  username: 'demo',
  displayName: 'Demo Visitor',
  bio: 'Just looking around. Say hi!',
  topics: ['hello', 'coffee', 'books'],
};

export const DEMO_PEOPLE: DemoPerson[] = [
  {
    username: 'maya_chen',
    displayName: 'Maya Chen',
    bio: 'Product designer. Tea over coffee.',
    topics: ['design', 'ux', 'tea'],
    verified: true,
  },
  {
    username: 'leo_okafor',
    displayName: 'Leo Okafor',
    bio: 'Backend engineer, weekend cyclist.',
    topics: ['programming', 'cycling', 'postgres'],
  },
  {
    username: 'sofia_r',
    displayName: 'Sofía Ramírez',
    bio: 'Writing about cities and the people in them.',
    topics: ['cities', 'books', 'writing'],
  },
  {
    username: 'kenji_w',
    displayName: 'Kenji Watanabe',
    bio: 'Photographer. Mostly clouds.',
    topics: ['photography', 'clouds', 'travel'],
    verified: true,
  },
  {
    username: 'amara_n',
    displayName: 'Amara Nwosu',
    bio: 'Teaching kids to code. Opinions my own.',
    topics: ['education', 'programming', 'a11y'],
  },
  { username: 'jonas_b', displayName: 'Jonas Berg', bio: null, topics: ['music', 'coffee'] },
  {
    username: 'priya_k',
    displayName: 'Priya Kapoor',
    bio: 'Accessibility advocate 🦾',
    topics: ['a11y', 'design', 'ux'],
    verified: true,
  },
  {
    username: 'tomas_v',
    displayName: 'Tomás Vidal',
    bio: 'Baker of sourdough, breaker of builds.',
    topics: ['food', 'baking', 'programming'],
  },
  {
    username: 'ella_m',
    displayName: 'Ella Moreau',
    bio: 'Type nerd. Kerning is a lifestyle.',
    topics: ['typography', 'design'],
  },
  {
    username: 'sam_green',
    displayName: 'Sam Green',
    bio: 'Gardening, open source, long walks.',
    topics: ['gardening', 'opensource', 'walking'],
  },
  {
    username: 'noor_h',
    displayName: 'Noor Haddad',
    bio: 'Climate data at a small nonprofit.',
    topics: ['climate', 'data', 'cycling'],
  },
  {
    username: 'felix_w',
    displayName: 'Felix Wagner',
    bio: 'Mountains on weekends, Rust on weekdays.',
    topics: ['rust', 'hiking', 'programming'],
  },
  {
    username: 'ines_c',
    displayName: 'Inês Costa',
    bio: 'Illustrator. Cats. More cats.',
    topics: ['illustration', 'cats', 'art'],
  },
  {
    username: 'daniel_k',
    displayName: 'Daniel Kim',
    bio: 'Runs on espresso and unit tests.',
    topics: ['coffee', 'testing', 'programming'],
  },
  {
    username: 'zara_a',
    displayName: 'Zara Ahmed',
    bio: 'Podcaster. Asking strangers good questions.',
    topics: ['podcasts', 'stories'],
  },
  {
    username: 'oliver_p',
    displayName: 'Oliver Park',
    bio: 'Chess, chai, and compilers.',
    topics: ['chess', 'compilers', 'tea'],
  },
  {
    username: 'lena_s',
    displayName: 'Lena Schmidt',
    bio: 'Midwife. Night shifts and sunrise walks.',
    topics: ['health', 'walking'],
  },
  {
    username: 'marcus_j',
    displayName: 'Marcus Johnson',
    bio: 'High school science teacher 🔬',
    topics: ['science', 'education', 'space'],
  },
  {
    username: 'yuki_t',
    displayName: 'Yuki Tanaka',
    bio: 'Game developer. Pixel art enjoyer.',
    topics: ['gamedev', 'pixelart', 'art'],
  },
  {
    username: 'ana_l',
    displayName: 'Ana Lima',
    bio: 'Urban cyclist and bike mechanic.',
    topics: ['cycling', 'cities'],
  },
  {
    username: 'rohan_m',
    displayName: 'Rohan Mehta',
    bio: 'Data scientist who likes small data.',
    topics: ['data', 'python', 'books'],
  },
  {
    username: 'clara_d',
    displayName: 'Clara Dubois',
    bio: 'Librarian. Ask me for a book.',
    topics: ['books', 'reading', 'libraries'],
    verified: true,
  },
  {
    username: 'ahmed_s',
    displayName: 'Ahmed Saleh',
    bio: 'Mobile dev. Dark mode everything.',
    topics: ['mobile', 'design', 'programming'],
  },
  {
    username: 'grace_o',
    displayName: 'Grace Obi',
    bio: 'Nurse, runner, reluctant early riser.',
    topics: ['running', 'health'],
  },
  {
    username: 'hugo_l',
    displayName: 'Hugo Laurent',
    bio: 'Making furniture badly, then better.',
    topics: ['woodworking', 'diy'],
  },
  {
    username: 'mei_lin',
    displayName: 'Mei Lin',
    bio: 'Astronomy at night, accounting by day.',
    topics: ['space', 'astronomy'],
  },
  {
    username: 'pablo_g',
    displayName: 'Pablo García',
    bio: 'Cook. Mostly soups. Soup is a lifestyle.',
    topics: ['food', 'cooking'],
  },
  {
    username: 'nina_v',
    displayName: 'Nina Volkova',
    bio: 'Violinist. Practising in a small flat.',
    topics: ['music', 'classical'],
  },
  {
    username: 'tariq_b',
    displayName: 'Tariq Bakr',
    bio: 'Security engineer. Please update your router.',
    topics: ['security', 'programming'],
  },
  {
    username: 'ruth_e',
    displayName: 'Ruth Evans',
    bio: 'Retired, finally reading everything.',
    topics: ['books', 'gardening'],
  },
  {
    username: 'ivan_p',
    displayName: 'Ivan Petrov',
    bio: 'Sysadmin. It was DNS.',
    topics: ['devops', 'linux'],
  },
  {
    username: 'sara_n',
    displayName: 'Sara Nilsson',
    bio: 'UX researcher. Talk to your users.',
    topics: ['ux', 'research', 'design'],
  },
  {
    username: 'kwame_a',
    displayName: 'Kwame Asante',
    bio: 'Football on Sundays, frontend all week.',
    topics: ['football', 'webdev', 'css'],
  },
  {
    username: 'lucia_f',
    displayName: 'Lucía Fernández',
    bio: 'Marine biologist 🐙',
    topics: ['ocean', 'science', 'photography'],
  },
  {
    username: 'ben_c',
    displayName: 'Ben Carter',
    bio: 'Dad jokes and distributed systems.',
    topics: ['programming', 'postgres', 'devops'],
  },
  {
    username: 'aiko_s',
    displayName: 'Aiko Sato',
    bio: 'Ceramics studio on the third floor.',
    topics: ['ceramics', 'art', 'design'],
  },
];
