import { describeError, mutedWordErrorName, normaliseMutedWord } from '@whisp/api-client/contract';
import {
  MASTODON_FILTER_CONTEXTS,
  MASTODON_FILTER_MESSAGES,
  MASTODON_FILTER_TITLE_MAX_LENGTH,
  type MastodonFilter,
  type MastodonFilterKeywordInput,
  mastodonErrorSchema,
  mastodonFilterBody,
  mastodonFilterKeywordBody,
  mastodonFilterKeywordSchema,
  mastodonFilterParams,
  mastodonFilterSchema,
  mastodonFilterUpdateBody,
  mastodonFilterV1Schema,
  WHISP_FILTER_CONTEXTS,
} from '@whisp/api-client/contract/mastodon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type FilterChange,
  type FilterWord,
  type StoredFilter,
  WordAlreadyMutedError,
} from '../../db/repositories/mastodon-filters.js';
import { TooManyMutedWordsError } from '../../db/repositories/safety.js';
import { ApiError } from '../../http/api-error.js';
import { mastodonRoute } from './access.js';
import { recordNotFound } from './plumbing.js';

// Filters (Mastodon client API 1.2, methods/filters.md) are Whisp's muted words: each keyword is
// a muted word, which Whisp's own app lists and unmutes, and which hides whisps from the home
// feed, hashtag pages, the public timelines and notifications as any muted word does (the feeds
// read them: visibility.ts). A filter groups an app's words under a title; a word added in
// Whisp's own app is a filter of its own (db/repositories/mastodon-filters.ts). A muted word
// always hides, whole words only, in those places, until removed: an app asking for anything
// else (warn, blur, an expiry, a part of a word, threads or profiles only) is refused with 422
// and says why, rather than given a filter that does something else than it shows.

const errors = {
  401: mastodonErrorSchema,
  403: mastodonErrorSchema,
  404: mastodonErrorSchema,
  422: mastodonErrorSchema,
};
const MESSAGES = MASTODON_FILTER_MESSAGES;
const refuse = (message: string) => new ApiError(422, 'UNPROCESSABLE_ENTITY', message);

const toKeyword = (word: FilterWord) => ({ id: word.id, keyword: word.word, whole_word: true });

const toFilter = (filter: StoredFilter): MastodonFilter => ({
  id: filter.id,
  title: filter.title,
  context: [...WHISP_FILTER_CONTEXTS],
  expires_at: null,
  filter_action: 'hide',
  keywords: filter.words.map(toKeyword),
  statuses: [],
});

type Settings = z.output<typeof mastodonFilterBody>;

/** Refuses what a muted word cannot do; absent settings are a muted word's own. */
function checkSettings({ context, filter_action, expires_in }: Settings) {
  if (filter_action !== undefined && filter_action !== 'hide') {
    throw refuse(MESSAGES.actionNotSupported(filter_action));
  }
  if (context !== undefined) {
    const asked = new Set(context);
    const known = (MASTODON_FILTER_CONTEXTS as readonly string[]).filter((name) => asked.has(name));
    const same =
      known.length === asked.size &&
      asked.size === WHISP_FILTER_CONTEXTS.length &&
      WHISP_FILTER_CONTEXTS.every((name) => asked.has(name));
    if (!same) throw refuse(MESSAGES.contextNotSupported);
  }
  if (expires_in !== undefined && expires_in !== null && expires_in !== '') {
    throw refuse(MESSAGES.expiryNotSupported);
  }
}

/** The word as it will be stored, or a refusal in Whisp's words. */
function checkWord(keyword: string | undefined, wholeWord: boolean | undefined) {
  if (keyword === undefined) throw refuse(MESSAGES.keywordRequired);
  const invalid = mutedWordErrorName(keyword);
  if (invalid) throw refuse(describeError(invalid).message);
  if (wholeWord === false) throw refuse(MESSAGES.wholeWordOnly);
  return normaliseMutedWord(keyword);
}

function checkTitle(title: string | undefined) {
  const text = title?.trim() ?? '';
  if (text === '') throw refuse(MESSAGES.titleRequired);
  if ([...text].length > MASTODON_FILTER_TITLE_MAX_LENGTH) throw refuse(MESSAGES.titleTooLong);
  return text;
}

const sameWord = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** keywords_attributes of an update, against the filter's words: what to add, rewrite, remove. */
function keywordChanges(filter: StoredFilter, attributes: MastodonFilterKeywordInput[]) {
  const change: FilterChange = { add: [], edit: [], remove: [] };
  for (const attribute of attributes) {
    if (attribute.id === undefined) {
      if (attribute._destroy) continue;
      change.add.push(checkWord(attribute.keyword, attribute.whole_word));
      continue;
    }
    const id = String(attribute.id);
    if (!filter.words.some((word) => word.id === id)) throw recordNotFound();
    if (attribute._destroy) change.remove.push(id);
    else if (attribute.keyword !== undefined || attribute.whole_word !== undefined) {
      const current = filter.words.find((word) => word.id === id)?.word ?? '';
      change.edit.push({ id, word: checkWord(attribute.keyword ?? current, attribute.whole_word) });
    }
  }
  return change;
}

/** A word of its own holds only its word, and is titled by it. */
function checkWordOfItsOwn(filter: StoredFilter, change: FilterChange) {
  const [own] = filter.words;
  const word = change.edit.find((edit) => edit.id === own?.id)?.word ?? own?.word ?? '';
  const retitled = change.title !== undefined && !sameWord(normaliseMutedWord(change.title), word);
  if (change.add.length > 0 || retitled) throw refuse(MESSAGES.wordFilterTitle(own?.word ?? ''));
}

/** Whisp's refusals of a change of words, as the app reads them. */
function asRefusal(error: unknown): never {
  if (error instanceof WordAlreadyMutedError) throw refuse(MESSAGES.alreadyMuted(error.word));
  if (error instanceof TooManyMutedWordsError) {
    throw refuse(describeError('tooManyMutedWords').message);
  }
  throw error;
}

export const mastodonFilterRoutes: FastifyPluginAsyncZod = async (app) => {
  const filters = app.repositories.mastodonFilters;

  async function filterOf(memberId: string, id: string) {
    const filter = await filters.find(memberId, id);
    if (!filter) throw recordNotFound();
    return filter;
  }

  async function wordOf(memberId: string, id: string) {
    const found = await filters.findWord(memberId, id);
    if (!found) throw recordNotFound();
    return found;
  }

  app.get(
    '/api/v1/filters',
    {
      config: mastodonRoute('read:filters'),
      schema: {
        summary: 'The member’s muted words, as v1 filters (one per word), for older apps',
        response: { 200: z.array(mastodonFilterV1Schema), ...errors },
      },
    },
    async (request) =>
      (await filters.list(request.member.id)).flatMap((filter) =>
        filter.words.map((word) => ({
          id: word.id,
          phrase: word.word,
          context: [...WHISP_FILTER_CONTEXTS],
          expires_at: null,
          irreversible: true,
          whole_word: true,
        })),
      ),
  );

  app.get(
    '/api/v2/filters',
    {
      config: mastodonRoute('read:filters'),
      schema: {
        summary: 'The member’s filters: their muted words, grouped as apps made them',
        response: { 200: z.array(mastodonFilterSchema), ...errors },
      },
    },
    async (request) => (await filters.list(request.member.id)).map(toFilter),
  );

  app.get(
    '/api/v2/filters/:id',
    {
      config: mastodonRoute('read:filters'),
      schema: {
        summary: 'One filter',
        params: mastodonFilterParams,
        response: { 200: mastodonFilterSchema, ...errors },
      },
    },
    async (request) => toFilter(await filterOf(request.member.id, request.params.id)),
  );

  app.post(
    '/api/v2/filters',
    {
      config: mastodonRoute('write:filters'),
      schema: {
        summary: 'Create a filter: its keywords become muted words (hide, whole words, no expiry)',
        body: mastodonFilterBody,
        response: { 200: mastodonFilterSchema, ...errors },
      },
    },
    async (request) => {
      const { body, member } = request;
      const title = checkTitle(body.title);
      checkSettings(body);
      const words = body.keywords_attributes
        .filter((attribute) => !attribute._destroy)
        .map((attribute) => checkWord(attribute.keyword, attribute.whole_word));
      const id = await filters.create(member.id, title, words).catch(asRefusal);
      return toFilter(await filterOf(member.id, id));
    },
  );

  app.put(
    '/api/v2/filters/:id',
    {
      config: mastodonRoute('write:filters'),
      schema: {
        summary: 'Change a filter’s title and keywords (add, rewrite, or `_destroy` them)',
        params: mastodonFilterParams,
        body: mastodonFilterUpdateBody,
        response: { 200: mastodonFilterSchema, ...errors },
      },
    },
    async (request) => {
      const { member } = request;
      const body: Settings = request.body ?? { context: undefined, keywords_attributes: [] };
      const filter = await filterOf(member.id, request.params.id);
      checkSettings(body);
      const change: FilterChange = {
        ...keywordChanges(filter, body.keywords_attributes),
        ...(body.title === undefined ? {} : { title: body.title }),
      };
      if (filter.grouped) {
        if (change.title !== undefined) change.title = checkTitle(change.title);
      } else {
        checkWordOfItsOwn(filter, change);
      }
      await filters.save(member.id, filter.grouped ? filter.id : null, change).catch(asRefusal);
      // A word of its own whose word was removed is gone with it: answered as it ended.
      const saved = await filters.find(member.id, filter.id);
      return toFilter(saved ?? { ...filter, words: [] });
    },
  );

  app.delete(
    '/api/v2/filters/:id',
    {
      config: mastodonRoute('write:filters'),
      schema: {
        summary: 'Delete a filter and unmute its words',
        params: mastodonFilterParams,
        response: { 200: z.object({}), ...errors },
      },
    },
    async (request) => {
      if (!(await filters.remove(request.member.id, request.params.id))) throw recordNotFound();
      return {};
    },
  );

  app.get(
    '/api/v2/filters/:id/keywords',
    {
      config: mastodonRoute('read:filters'),
      schema: {
        summary: 'A filter’s keywords (its muted words)',
        params: mastodonFilterParams,
        response: { 200: z.array(mastodonFilterKeywordSchema), ...errors },
      },
    },
    async (request) => (await filterOf(request.member.id, request.params.id)).words.map(toKeyword),
  );

  app.post(
    '/api/v2/filters/:id/keywords',
    {
      config: mastodonRoute('write:filters'),
      schema: {
        summary: 'Add a keyword to a filter: a muted word',
        params: mastodonFilterParams,
        body: mastodonFilterKeywordBody,
        response: { 200: mastodonFilterKeywordSchema, ...errors },
      },
    },
    async (request) => {
      const { member, body } = request;
      const filter = await filterOf(member.id, request.params.id);
      const word = checkWord(body.keyword, body.whole_word);
      // Adding a word the filter holds already keeps the one there, as Whisp's own app does.
      const held = filter.words.find((candidate) => sameWord(candidate.word, word));
      if (held) return toKeyword(held);
      if (!filter.grouped) checkWordOfItsOwn(filter, { add: [word], edit: [], remove: [] });
      await filters
        .save(member.id, filter.id, { add: [word], edit: [], remove: [] })
        .catch(asRefusal);
      const added = (await filterOf(member.id, filter.id)).words.find((candidate) =>
        sameWord(candidate.word, word),
      );
      if (!added) throw recordNotFound();
      return toKeyword(added);
    },
  );

  app.get(
    '/api/v2/filters/keywords/:id',
    {
      config: mastodonRoute('read:filters'),
      schema: {
        summary: 'One keyword (muted word)',
        params: mastodonFilterParams,
        response: { 200: mastodonFilterKeywordSchema, ...errors },
      },
    },
    async (request) => toKeyword((await wordOf(request.member.id, request.params.id)).word),
  );

  app.put(
    '/api/v2/filters/keywords/:id',
    {
      config: mastodonRoute('write:filters'),
      schema: {
        summary: 'Rewrite a keyword (muted word)',
        params: mastodonFilterParams,
        body: mastodonFilterKeywordBody,
        response: { 200: mastodonFilterKeywordSchema, ...errors },
      },
    },
    async (request) => {
      const { member, body } = request;
      const { word, filter } = await wordOf(member.id, request.params.id);
      const edit = { id: word.id, word: checkWord(body.keyword, body.whole_word) };
      await filters
        .save(member.id, filter.grouped ? filter.id : null, { add: [], edit: [edit], remove: [] })
        .catch(asRefusal);
      return toKeyword((await wordOf(member.id, word.id)).word);
    },
  );

  app.delete(
    '/api/v2/filters/keywords/:id',
    {
      config: mastodonRoute('write:filters'),
      schema: {
        summary: 'Remove a keyword: unmute the word',
        params: mastodonFilterParams,
        response: { 200: z.object({}), ...errors },
      },
    },
    async (request) => {
      const { member } = request;
      const { word, filter } = await wordOf(member.id, request.params.id);
      await filters.save(member.id, filter.grouped ? filter.id : null, {
        add: [],
        edit: [],
        remove: [word.id],
      });
      return {};
    },
  );
};
