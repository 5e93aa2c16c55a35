import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { PageHeader } from '../../shared/PageHeader';
import * as page from '../../shared/page.css';
import * as styles from './HelpRoute.css';

const topics = [
  {
    question: 'How do I post a whisp?',
    answer:
      'Press Whisper in the navigation, the feather button on phones, or the n key anywhere outside a text field. A whisp holds up to 500 characters and up to four images or one video. The counter turns amber when fewer than 20 characters remain.',
  },
  {
    question: 'Who can reply to or rewhisp my whisps?',
    answer:
      'Before posting, open Reply settings in the composer: everyone, only people you follow, or only you can reply, and you can turn rewhisps off. Whisp enforces these settings, and the reply button tells others why it is closed.',
  },
  {
    question: 'How do likes, rewhisps and bookmarks work?',
    answer:
      'The heart likes a whisp, the arrows share it with your followers as a rewhisp, and the bookmark saves it privately to your Bookmarks page. Each button changes once our server has saved it; if something goes wrong you will see a message and nothing changes.',
  },
  {
    question: 'How do I find people and topics?',
    answer:
      'Use Search for whisps and members, or start your search with # to see every whisp with a hashtag. Explore shows trending hashtags and people you might want to follow.',
  },
  {
    question: 'How do direct messages work?',
    answer:
      'Open someone’s profile and press Message. Your conversations are listed under Messages; opening one marks the messages you received as read.',
  },
  {
    question: 'How do I change my profile?',
    answer:
      'On your profile, Edit profile changes your bio (up to 160 characters). Change avatar takes an image under 5 MB, Change banner an image under 10 MB, and Reposition banner lets you drag it into place.',
  },
  {
    question: 'How do I switch between light and dark?',
    answer:
      'Settings → Appearance. Whisp starts with your system’s preference and remembers your choice in this browser.',
  },
  {
    question: 'Something looks wrong or someone is bothering me',
    answer:
      'Use Report content in a whisp’s menu (the three dots) to alert our moderators, or contact support below. For anything about your safety, choose the Safety category.',
  },
];

/** The in-app help center. */
export default function HelpRoute() {
  useDocumentTitle('Help center');
  return (
    <>
      <PageHeader title="Help center" />
      <div className={page.prose}>
        <p>Answers to the questions members ask most. Can’t find yours? We are a message away.</p>
        {topics.map((topic) => (
          <details key={topic.question} className={styles.topic}>
            <summary className={styles.question}>{topic.question}</summary>
            <p>{topic.answer}</p>
          </details>
        ))}
        <h2 className={page.sectionTitle} style={{ marginTop: 24 }}>
          Still need help?
        </h2>
        <p>
          <Link to="/support/contact">Contact support</Link>: we reply within 24-48 hours. You can
          also read our <Link to="/terms">Terms of Service</Link> and{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </div>
    </>
  );
}
