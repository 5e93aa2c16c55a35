import { MUTED_WORDS_MAX, normaliseMutedWord } from '@whisp/api-client/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import { isMastodonId } from '../../mastodon/ids.js';
import type { DatabaseSchema } from '../schema.js';
import { TooManyMutedWordsError } from './safety.js';
import { type MemberChanged, nothingCached } from './users.js';

// Filters (v2) of the Mastodon client API over Whisp's muted words (0033_mastodon_filters.sql).
// A filter is either a row of mastodon_filters (made by an app: a title and any number of muted
// words) or a muted word that belongs to none (added in Whisp's own app): a filter of its own,
// titled by its word, with the word's id. Keywords are muted words, by the word's id.
//
// Words are written here rather than through safety.addMutedWord because a filter and its words
// are one change that must hold whole or not at all, in one transaction; the rules are Whisp's
// own all the same: the word as safety.ts stores it (normaliseMutedWord), one per member in any
// case (muted_words_user_word_key), at most MUTED_WORDS_MAX, counted under the member's row lock
// that safety.addMutedWord takes, so the two paths cannot together pass the limit.

type Db = Kysely<DatabaseSchema>;

export interface FilterWord {
  id: string;
  word: string;
}

export interface StoredFilter {
  id: string;
  title: string;
  /** False for a muted word shown as a filter of its own. */
  grouped: boolean;
  words: FilterWord[];
}

/** The same word (in any case) is muted already, in another filter or twice in this change. */
export class WordAlreadyMutedError extends Error {
  override name = 'WordAlreadyMutedError';
  constructor(readonly word: string) {
    super(`${word} is muted already`);
  }
}

/** What a save of one filter changes: its title, and words added, rewritten and removed. */
export interface FilterChange {
  title?: string;
  add: string[];
  edit: FilterWord[];
  remove: string[];
}

/** Mastodon ids order by length, then characters: numerically. */
const byId = (a: { id: string }, b: { id: string }) =>
  a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function createMastodonFiltersRepository(
  db: Db,
  memberChanged: MemberChanged = nothingCached,
) {
  async function readAll(executor: Db | Transaction<DatabaseSchema>, userId: string) {
    const [groups, words] = await Promise.all([
      sql<{ id: string; title: string }>`
        select mastodon_id::text as id, title from mastodon_filters where user_id = ${userId}
      `.execute(executor),
      sql<{ id: string; word: string; filter_id: string | null }>`
        select mastodon_id::text as id, word, mastodon_filter_id::text as filter_id
        from muted_words where user_id = ${userId}
      `.execute(executor),
    ]);
    const filters = new Map<string, StoredFilter>(
      groups.rows.map((row) => [
        row.id,
        { id: row.id, title: row.title, grouped: true, words: [] },
      ]),
    );
    for (const row of words.rows.sort(byId)) {
      const word = { id: row.id, word: row.word };
      const group = row.filter_id ? filters.get(row.filter_id) : undefined;
      if (group) group.words.push(word);
      else filters.set(row.id, { id: row.id, title: row.word, grouped: false, words: [word] });
    }
    return [...filters.values()].sort(byId);
  }

  /**
   * Locks the member's row (as safety.addMutedWord does), then checks that the words the member
   * would have after the change are each muted once and no more than Whisp allows.
   */
  async function checkWords(
    transaction: Transaction<DatabaseSchema>,
    userId: string,
    change: Pick<FilterChange, 'add' | 'edit' | 'remove'>,
  ) {
    await sql`select id from users where id = ${userId} for update`.execute(transaction);
    const { rows } = await sql<FilterWord>`
      select mastodon_id::text as id, word from muted_words where user_id = ${userId}
    `.execute(transaction);
    const edited = new Map(change.edit.map((word) => [word.id, word.word]));
    const removed = new Set(change.remove);
    const after = [
      ...rows.filter((row) => !removed.has(row.id)).map((row) => edited.get(row.id) ?? row.word),
      ...change.add,
    ];
    const seen = new Set<string>();
    for (const word of after) {
      const key = word.toLowerCase();
      if (seen.has(key)) throw new WordAlreadyMutedError(word);
      seen.add(key);
    }
    if (after.length > MUTED_WORDS_MAX && change.add.length > 0) throw new TooManyMutedWordsError();
  }

  async function applyWords(
    transaction: Transaction<DatabaseSchema>,
    userId: string,
    filterId: string | null,
    change: Pick<FilterChange, 'add' | 'edit' | 'remove'>,
  ) {
    if (change.remove.length > 0) {
      await sql`delete from muted_words where user_id = ${userId}
        and mastodon_id = any(${change.remove}::bigint[])`.execute(transaction);
    }
    for (const { id, word } of change.edit) {
      await sql`update muted_words set word = ${word}
        where user_id = ${userId} and mastodon_id = ${id}::bigint`.execute(transaction);
    }
    for (const word of change.add) {
      await sql`insert into muted_words (user_id, word, mastodon_filter_id)
        values (${userId}, ${word}, ${filterId}::bigint)`.execute(transaction);
    }
  }

  const normalised = (change: FilterChange): FilterChange => ({
    ...change,
    add: change.add.map(normaliseMutedWord),
    edit: change.edit.map((word) => ({ ...word, word: normaliseMutedWord(word.word) })),
  });

  /** The member's cached sign-in carries whether they mute any word (visibility.ts). */
  const wordsChanged = (userId: string, change: Omit<FilterChange, 'title'>) =>
    change.add.length + change.edit.length + change.remove.length > 0
      ? memberChanged(userId)
      : Promise.resolve();

  return {
    /** The member's filters, oldest first, each with its words (oldest first). */
    list: (userId: string) => readAll(db, userId),

    async find(userId: string, filterId: string) {
      if (!isMastodonId(filterId)) return undefined;
      return (await readAll(db, userId)).find((filter) => filter.id === filterId);
    },

    /** One of the member's muted words by its id, and the filter it is shown in. */
    async findWord(userId: string, wordId: string) {
      if (!isMastodonId(wordId)) return undefined;
      for (const filter of await readAll(db, userId)) {
        const word = filter.words.find((candidate) => candidate.id === wordId);
        if (word) return { word, filter };
      }
      return undefined;
    },

    /** A new filter with its words, all or nothing; its id. */
    async create(userId: string, title: string, words: string[]) {
      const change = normalised({ add: words, edit: [], remove: [] });
      const id = await db.transaction().execute(async (transaction) => {
        await checkWords(transaction, userId, change);
        const { rows } = await sql<{ id: string }>`
          insert into mastodon_filters (user_id, title) values (${userId}, ${title})
          returning mastodon_id::text as id
        `.execute(transaction);
        const filterId = rows[0]?.id ?? '';
        await applyWords(transaction, userId, filterId, change);
        return filterId;
      });
      await wordsChanged(userId, change);
      return id;
    },

    /**
     * Changes a filter (`filterId` of one of mastodon_filters, or null for a word of its own,
     * which takes no title and no other word) and its words, all or nothing. Every id in `edit`
     * and `remove` is the caller's to have checked as one of this filter's words.
     */
    async save(userId: string, filterId: string | null, input: FilterChange) {
      const change = normalised(input);
      await db.transaction().execute(async (transaction) => {
        await checkWords(transaction, userId, change);
        if (filterId !== null && change.title !== undefined) {
          await sql`update mastodon_filters set title = ${change.title}
            where user_id = ${userId} and mastodon_id = ${filterId}::bigint`.execute(transaction);
        }
        await applyWords(transaction, userId, filterId, change);
      });
      await wordsChanged(userId, change);
    },

    /** Removes a filter and its words (a word of its own: the word); false if none such. */
    async remove(userId: string, filterId: string) {
      if (!isMastodonId(filterId)) return false;
      const { rows } = await db.transaction().execute(async (transaction) => {
        const group = await sql`delete from mastodon_filters
          where user_id = ${userId} and mastodon_id = ${filterId}::bigint returning 1`.execute(
          transaction,
        );
        if (group.rows.length > 0) return group;
        return sql`delete from muted_words where user_id = ${userId}
          and mastodon_id = ${filterId}::bigint and mastodon_filter_id is null
          returning 1`.execute(transaction);
      });
      if (rows.length > 0) await memberChanged(userId);
      return rows.length > 0;
    },
  };
}

export type MastodonFiltersRepository = ReturnType<typeof createMastodonFiltersRepository>;
