/// <reference types="vite/client" />
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { vars } from '../contract.css.js';
import { libraryIcons } from './libraryIcons.js';

// The components' own sources, to find every icon they import: the page lists exactly those.
const componentSources = import.meta.glob<string>(
  ['../../components/**/*.tsx', '../../utilities/*.tsx', '!../../**/*.stories.tsx'],
  { query: '?raw', import: 'default', eager: true },
);
const importedIcons = [
  ...new Set(
    Object.values(componentSources).flatMap((source) =>
      [...source.matchAll(/lucide-react\/icons\/([a-z0-9-]+)'/g)].map((match) => match[1] ?? ''),
    ),
  ),
].sort();

/**
 * One icon set, lucide, imported one icon per module so bundles carry only these. Icons are
 * decorative beside a visible label or an icon button's accessible name and tooltip.
 */
function Icons() {
  return (
    <ul
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))',
        gap: vars.space[3],
        listStyle: 'none',
        margin: 0,
        padding: 0,
      }}
    >
      {Object.entries(libraryIcons).map(([name, Icon]) => (
        <li
          key={name}
          style={{
            display: 'grid',
            justifyItems: 'center',
            gap: vars.space[2],
            padding: vars.space[3],
            borderRadius: vars.radius.lg,
            border: `1px solid ${vars.color.border}`,
            color: vars.color.text,
            fontSize: vars.fontSize.xs,
          }}
        >
          <Icon aria-hidden width={24} height={24} />
          <code>{name}</code>
        </li>
      ))}
    </ul>
  );
}

const meta = {
  title: 'Foundations/Icons',
  component: Icons,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Icons>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllIcons: Story = {
  play: async ({ canvas }) => {
    // A component that starts using an icon missing here fails this, so the page cannot go stale.
    await expect(Object.keys(libraryIcons).sort()).toEqual(importedIcons);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(importedIcons.length);
  },
};
