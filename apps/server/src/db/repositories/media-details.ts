import { sql } from 'kysely';
import type { StoredMediaDetails } from '../../posts/media-items.js';

/**
 * A column of the details of a row's `media_keys`, in their order (null where the author has no
 * upload record of the key), for a table aliased `alias` with `media_keys` and `author_id`
 * (posts, and scheduled_posts alike). Each key is one primary-key lookup in post_media; a whisp
 * without media reads nothing.
 */
export function mediaDetailsColumn(alias: string) {
  const keys = sql.ref(`${alias}.media_keys`);
  const author = sql.ref(`${alias}.author_id`);
  return sql<(StoredMediaDetails | null)[]>`case when cardinality(${keys}) = 0 then '[]'::json
    else (
      select json_agg(case when m.key is null then null else json_build_object(
        'animated', m.animated, 'width', m.width, 'height', m.height,
        'preview_key', m.preview_key, 'blurhash', m.blurhash) end order by k.i)
      from unnest(${keys}) with ordinality as k(key, i)
      left join post_media m on m.user_id = ${author} and m.key = k.key
    ) end`;
}
