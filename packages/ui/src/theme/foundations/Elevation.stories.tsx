import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { vars } from '../contract.css.js';

/**
 * How Whisp raises things: the page, set-apart surfaces, and floating layers (menus, tooltips,
 * dialogs) with the theme's popover shadow over a scrim. Hairlines, not shadows, part whisps.
 */
const levels = [
  { name: 'Page', background: vars.color.background, shadow: 'none', note: 'color.background' },
  { name: 'Surface', background: vars.color.surface, shadow: 'none', note: 'color.surface' },
  {
    name: 'Floating',
    background: vars.color.background,
    shadow: vars.shadow.popover,
    note: 'shadow.popover',
  },
] as const;

function Elevation() {
  return (
    <div style={{ display: 'grid', gap: vars.space[6] }}>
      <ul
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
          gap: vars.space[6],
          listStyle: 'none',
          margin: 0,
          padding: vars.space[4],
          backgroundColor: vars.color.surfaceHover,
          borderRadius: vars.radius.xl,
        }}
      >
        {levels.map((level) => (
          <li
            key={level.name}
            data-level={level.name}
            style={{
              padding: vars.space[6],
              borderRadius: vars.radius.lg,
              border: `1px solid ${vars.color.border}`,
              backgroundColor: level.background,
              boxShadow: level.shadow,
              color: vars.color.text,
            }}
          >
            <strong>{level.name}</strong>
            <br />
            <code>{level.note}</code>
          </li>
        ))}
      </ul>
      <div
        style={{
          position: 'relative',
          height: 120,
          borderRadius: vars.radius.lg,
          backgroundColor: vars.color.overlay,
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <span
          style={{
            padding: vars.space[4],
            borderRadius: vars.radius.xl,
            backgroundColor: vars.color.background,
            color: vars.color.text,
            boxShadow: vars.shadow.popover,
          }}
        >
          A dialog over <code>color.overlay</code>
        </span>
      </div>
    </div>
  );
}

const meta = {
  title: 'Foundations/Elevation',
  component: Elevation,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Elevation>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Levels: Story = {
  play: async ({ canvasElement }) => {
    const floating = canvasElement.querySelector('[data-level="Floating"]') as HTMLElement;
    await expect(getComputedStyle(floating).boxShadow).not.toBe('none');
  },
};
