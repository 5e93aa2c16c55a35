import type { Post } from '@whisp/api-client';
import { describe, expect, it } from 'vitest';
import { nestReplies, pathTo, type ThreadNode } from './threadTree.js';

const reply = (id: string, reply_to_id: string) => ({ id, reply_to_id }) as Post;
const shape = (nodes: ThreadNode[]): unknown =>
  nodes.map((node) => (node.replies.length ? [node.post.id, shape(node.replies)] : node.post.id));

describe('nestReplies', () => {
  it('nests depth-first replies under their parents, keeping their order', () => {
    const nested = nestReplies('root', [
      reply('a', 'root'),
      reply('a1', 'a'),
      reply('a1x', 'a1'),
      reply('a2', 'a'),
      reply('b', 'root'),
    ]);
    expect(shape(nested)).toEqual([['a', [['a1', ['a1x']], 'a2']], 'b']);
  });

  it('attaches a reply whose parent was deleted to the whisp itself', () => {
    const nested = nestReplies('root', [
      reply('a', 'root'),
      reply('orphan', 'deleted'),
      reply('b', 'root'),
    ]);
    expect(shape(nested)).toEqual(['a', 'orphan', 'b']);
  });

  it('keeps a reply that names itself as its parent rather than losing it', () => {
    expect(shape(nestReplies('root', [reply('loop', 'loop')]))).toEqual(['loop']);
  });
});

describe('pathTo', () => {
  it('names every reply above the one asked for, not the reply itself', () => {
    const nested = nestReplies('root', [
      reply('a', 'root'),
      reply('a1', 'a'),
      reply('a1x', 'a1'),
      reply('b', 'root'),
    ]);
    expect([...pathTo('a1x', nested)].sort()).toEqual(['a', 'a1']);
    expect(pathTo('missing', nested).size).toBe(0);
    expect(pathTo(undefined, nested).size).toBe(0);
  });
});
