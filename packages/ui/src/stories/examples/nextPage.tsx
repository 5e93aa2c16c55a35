// app/whisps/[id]/page.tsx in a Next.js App Router project: a server component. Whisp's
// component modules carry "use client", so they render here without a wrapper of your own;
// the format helpers and the theme are plain functions a server component can call.
// app/layout.tsx imports '@whisp/ui/styles.css' once and puts themeClass('light') on <html>.
import type { Post } from '@whisp/api-client';
import { formatCount, WhispCard } from '../../index.js';

async function fetchWhisp(id: string): Promise<Post> {
  const response = await fetch(`https://whisp.example/api/posts/${id}`);
  return (await response.json()) as Post;
}

export default async function WhispPage({ params }: { params: Promise<{ id: string }> }) {
  const post = await fetchWhisp((await params).id);
  return (
    <main>
      <p>{formatCount(post.like_count)} likes</p>
      <WhispCard post={post} />
    </main>
  );
}
