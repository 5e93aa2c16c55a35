import { Chat } from './Chat';
import { Feed } from './Feed';

/** The host team's own page: its header and layout, with Whisp's feed and messages inside. */
export function App() {
  return (
    <div className="page">
      <header className="page-header">
        <h1>Acme Intranet</h1>
        <p>Whisp's components inside another team's app, on the client's mocks.</p>
      </header>
      <main className="columns">
        <section aria-labelledby="feed-title" className="column">
          <h2 id="feed-title">Latest whisps</h2>
          <Feed />
        </section>
        <section aria-labelledby="chat-title" className="column">
          <h2 id="chat-title">Messages</h2>
          <Chat />
        </section>
      </main>
    </div>
  );
}
