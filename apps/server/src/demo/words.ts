/** What the demo community says: lines about their topics, general chatter and replies. */

export const TOPIC_LINES: Record<string, string[]> = {
  design: [
    'The best design systems are boring in the best way.',
    'Spent the morning deleting components nobody uses. Bliss.',
    'A good empty state is a tiny onboarding. Treat it like one.',
  ],
  ux: [
    'Hot take: every settings page should have a search box.',
    'A good error message says what happened and what to do next. That is the whole trick.',
    'Watched five people try the new checkout. Four found the button. Back to the drawing board.',
  ],
  programming: [
    'Finally fixed that flaky test. It was a timezone. It is always a timezone.',
    'Pair programming tip: swap the keyboard every 25 minutes, no exceptions.',
    'Deleted 2,000 lines today and everything still works. Best day this month.',
    'Naming things is hard. Renaming things is harder.',
  ],
  cycling: [
    'Tried a new route today: 42 km, two flat tyres, one excellent view.',
    'Headwind both ways. How is that physically possible?',
    'New bike lane on the bridge is open and it is glorious.',
  ],
  photography: [
    'Morning light on the river today. Some days the commute is the best part.',
    'Clouds over the harbour, 6 pm. No filter needed.',
    'Shot a whole roll of film on one walk. Now the long wait.',
  ],
  books: [
    'Reading list for the weekend: two novels, one book on urban trees, zero emails.',
    'Finished a 600-page novel and now I miss the characters.',
    'Libraries are the best idea humanity ever had. Fight me.',
  ],
  coffee: [
    'Three coffees in and the code review is finally making sense.',
    'New grinder arrived. I am now insufferable about espresso.',
    'The café downstairs learned my order. I have mixed feelings.',
  ],
  tea: [
    'Oolong in the afternoon is a whole mood.',
    'Swapped the third coffee for green tea. Surprisingly calm day.',
  ],
  food: [
    'The bakery on the corner started doing cardamom buns and my productivity is doomed.',
    'Made soup for six people. There are two of us. Soup week begins.',
  ],
  baking: [
    'Made sourdough with a starter that is older than some of my colleagues.',
    'Open crumb at last! Photos or it did not happen, I know.',
  ],
  a11y: [
    'Accessibility is not a feature you add at the end. It is how you build from the start.',
    'Tested our app with a screen reader for an hour. Humbling. Fixing things now.',
  ],
  education: [
    'Teaching recursion to ten-year-olds with nesting dolls works better than any slide deck.',
    'A student asked why the sky is blue and we spent the whole lesson on it. Worth it.',
  ],
  typography: [
    'Kerning pairs are the quiet heroes of a good headline.',
    'Found a 1960s type specimen at a flea market. Best two euros ever spent.',
  ],
  gardening: [
    'Tomatoes are finally turning red. Summer is officially here. 🍅',
    'The slugs have declared war on my lettuce.',
  ],
  climate: [
    'Plotted forty years of local temperatures. The trend line needs no caption.',
    'Small win: our city council approved the new tree plan.',
  ],
  space: [
    'Saturn was out last night. Showed the rings to my neighbours and they gasped. 🪐',
    'The Moon is drifting 3.8 cm further from us every year. Wave while you can.',
  ],
  music: [
    'Practised the same eight bars for an hour. They are almost not terrible.',
    'Found a record shop that still has listening booths.',
  ],
  art: [
    'Sketchbook page a day for 100 days. Day 63 and my lines are braver.',
    'Museum on a rainy Tuesday: the best-kept secret in town.',
  ],
  cities: [
    'A street with trees is a street people stay on.',
    'Walked across the whole city today. Every neighbourhood has its own smell of bread.',
  ],
  data: [
    'Most dashboards would be better as one sentence.',
    'Cleaned a spreadsheet with 14 spellings of the same street. Send help.',
  ],
  postgres: [
    'EXPLAIN ANALYZE is the best debugger I know.',
    'Added one index and the page went from 4 s to 40 ms. Databases are magic.',
  ],
  running: [
    'First 10k without stopping. Slow, happy, sweaty.',
    'Rain run this morning. Only other runners and very confused ducks.',
  ],
  security: [
    'Reminder: your password manager is your friend. Use it today.',
    'Turned on two-factor for my parents. Small victories.',
  ],
  hello: ['Hello, Whisp! Who should I follow?', 'First whisp. Be gentle.'],
};

export const GENERAL_LINES = [
  'Reminder that rest is part of the work. Log off early today if you can.',
  'Anyone else find that walking meetings produce better ideas?',
  'Shipped it. Going for a walk.',
  'Small habit that changed my week: writing tomorrow’s first task before I log off.',
  'The sunset today looked like someone turned the saturation up.',
  'What is a small thing that made your day better?',
  'Friday plan: absolutely nothing, with enthusiasm.',
  'Cleaned my desk and found three pens and a whole sandwich. Do not ask.',
  'Learning something new is uncomfortable and I love it.',
  'Today’s to-do list had seven items. I did the two most important ones. Counting it as a win.',
];

export const MENTION_LINES = [
  'Great chat with @{name} about this today.',
  '@{name} you were right, as usual.',
  'Thanks @{name} for the recommendation!',
  'Stole this idea from @{name}, with permission.',
];

export const REPLY_LINES = [
  'Completely agree with this.',
  'Love this! 🙌',
  'Saving this for later.',
  'Ha, been there.',
  'This is such a good point.',
  'Where was this taken?',
  'Could not have said it better.',
  'Tell me more!',
  'This made my morning.',
  'I need to try this.',
  'Same here, every single time.',
  'Big if true 😄',
];

export const REWHISP_COMMENTS = ['This!', 'So true.', 'Everyone should read this.', '💯'];

/** The demo member's conversations, oldest first: the first read and answered, the last unread. */
export const DEMO_CONVERSATIONS: {
  read: boolean;
  lines: { fromDemo: boolean; text: string }[];
}[] = [
  {
    read: true,
    lines: [
      { fromDemo: false, text: 'Hey, welcome to Whisp! 👋 Shout if you want any tips.' },
      { fromDemo: true, text: 'Thanks! Still finding my way around.' },
      { fromDemo: false, text: 'Bookmarks are handy: save a whisp now, read it later.' },
    ],
  },
  {
    read: false,
    lines: [
      { fromDemo: false, text: 'Are you coming to the meetup on Thursday?' },
      { fromDemo: true, text: 'Probably! What time does it start?' },
      { fromDemo: false, text: 'Doors at 6:30. I saved you a seat ☕' },
      { fromDemo: false, text: 'Bring a friend if you like.' },
    ],
  },
];
