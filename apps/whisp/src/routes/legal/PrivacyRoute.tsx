import { MINIMUM_AGE } from '@whisp/api-client/limits';
import { Link } from 'react-router-dom';
import { LegalPage } from './LegalPage';

/** Privacy Policy: what Whisp keeps, why, and your choices. */
export default function PrivacyRoute() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 2026"
      sections={[
        {
          heading: 'What we collect',
          body: (
            <ul>
              <li>
                Account details: email, username, display name, password (stored only as a hash),
                bio, avatar and banner.
              </li>
              <li>
                What you post: whisps, media, replies, likes, rewhisps, bookmarks, follows and
                direct messages.
              </li>
              <li>
                Technical data: sign-in sessions, IP addresses for rate limiting and security, and
                system information you choose to attach to a support request.
              </li>
            </ul>
          ),
        },
        {
          heading: 'How we use it',
          body: (
            <p>
              To run the service (showing your whisps, delivering notifications and messages), to
              keep it safe (stopping spam and abuse, reviewing reports), and to answer support
              requests. We do not sell your personal data and we do not show ads based on it.
            </p>
          ),
        },
        {
          heading: 'Who can see what',
          body: (
            <p>
              Your profile, whisps, rewhisps and follows are visible to other members. Your likes
              and bookmarks are private to you. Direct messages are visible only to you and the
              person you write to, and to our moderators when a message is reported.
            </p>
          ),
        },
        {
          heading: 'Stored on your device',
          body: (
            <p>
              Whisp keeps your sign-in token, your theme and your settings toggles in your browser’s
              local storage. Signing out removes the token. We use no advertising or tracking
              cookies.
            </p>
          ),
        },
        {
          heading: 'How long we keep it',
          body: (
            <p>
              As long as your account exists. When you delete a whisp it is removed from feeds,
              search and bookmarks at once. When you delete your account we erase your data within
              30 days, except what the law requires us to keep.
            </p>
          ),
        },
        {
          heading: 'Children',
          body: (
            <p>
              Whisp is not for children under {MINIMUM_AGE}. If we learn that an account belongs to
              someone younger, we delete it.
            </p>
          ),
        },
        {
          heading: 'Your rights',
          body: (
            <p>
              You can see and correct your profile at any time, export your whisps from Settings,
              and ask us for a copy of your data, its correction or its deletion through{' '}
              <Link to="/support/contact">Contact support</Link>. We answer within 30 days.
            </p>
          ),
        },
      ]}
    />
  );
}
