import { MINIMUM_AGE, WHISP_MAX_LENGTH } from '@whisp/api-client/limits';
import { Link } from 'react-router-dom';
import { LegalPage } from './LegalPage';

/** Terms of Service, including the minimum age (product-spec section 9). */
export default function TermsRoute() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="November 2026"
      sections={[
        {
          heading: '1. Who can use Whisp',
          body: (
            <p>
              You must be at least {MINIMUM_AGE} years old to create an account or use Whisp. If the
              law where you live requires an older age to consent to processing of your data, you
              must meet that age or have a parent’s or guardian’s permission. You may keep one
              personal account and must give accurate sign-up details.
            </p>
          ),
        },
        {
          heading: '2. Your content',
          body: (
            <p>
              You own what you post: whisps of up to {WHISP_MAX_LENGTH} characters, images, videos,
              replies and messages. By posting, you give Whisp a worldwide, non-exclusive,
              royalty-free licence to store, display and distribute it so the service works (for
              example, showing your whisp to your followers or in search). The licence ends when you
              delete the content, except for copies others have rewhisped or that we must keep by
              law.
            </p>
          ),
        },
        {
          heading: '3. Rules of conduct',
          body: (
            <ul>
              <li>No harassment, threats, hateful conduct or incitement to violence.</li>
              <li>No spam, scams, impersonation or manipulation of likes and follows.</li>
              <li>
                No content that exploits minors, sexual content without consent, or illegal goods.
              </li>
              <li>No sharing of other people’s private information without their permission.</li>
              <li>No attempts to break, overload or gain unauthorised access to the service.</li>
            </ul>
          ),
        },
        {
          heading: '4. Moderation',
          body: (
            <p>
              Anyone can report a whisp with Report content. We may remove content or suspend
              accounts that break these terms, and we tell you why when we do, unless the law or
              someone’s safety prevents it. You can appeal through{' '}
              <Link to="/support/contact">Contact support</Link>.
            </p>
          ),
        },
        {
          heading: '5. Ending your account',
          body: (
            <p>
              You can stop using Whisp at any time and ask us to delete your account from Settings.
              We may end accounts that seriously or repeatedly break these terms.
            </p>
          ),
        },
        {
          heading: '6. Disclaimers and liability',
          body: (
            <p>
              Whisp is provided as is. We work to keep it available and secure but cannot promise it
              will always be uninterrupted or error-free. To the extent the law allows, we are not
              liable for indirect or consequential losses. Nothing in these terms limits rights you
              have under consumer law.
            </p>
          ),
        },
        {
          heading: '7. Changes',
          body: (
            <p>
              When we change these terms in a way that matters, we tell you in the app at least 30
              days before the change applies. Questions? Write to us through{' '}
              <Link to="/support/contact">Contact support</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}
