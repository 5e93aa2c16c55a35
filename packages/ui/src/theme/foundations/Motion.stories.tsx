import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { Button } from '../../components/Button/Button.js';
import { vars } from '../contract.css.js';
import { motion } from '../tokens.js';
import { TokenTable } from './TokenTable.js';

const durations = ['fast', 'normal'] as const;

/**
 * Short, purposeful motion: 150 ms for hovers and small state changes, 200 ms for things that
 * enter. Under `prefers-reduced-motion: reduce` the themes set both to 0.01 ms.
 */
function Motion() {
  const [moved, setMoved] = useState(false);
  return (
    <div style={{ display: 'grid', gap: vars.space[6] }}>
      <TokenTable
        caption="Durations and easing"
        rows={[
          ...durations.map((name) => ({
            name: `motion.${name}`,
            value: motion[name],
            variable: vars.motion[name],
            sample: (
              <span
                data-token={`motion.${name}`}
                style={{
                  display: 'block',
                  width: 24,
                  height: 24,
                  borderRadius: vars.radius.full,
                  backgroundColor: vars.color.accent,
                  transform: moved ? 'translateX(96px)' : 'none',
                  transition: `transform ${vars.motion[name]} ${vars.motion.easing}`,
                }}
              />
            ),
          })),
          {
            name: 'motion.easing',
            value: motion.easing,
            variable: vars.motion.easing,
            sample: <span>ease out</span>,
          },
        ]}
      />
      <div>
        <Button variant="secondary" onClick={() => setMoved((value) => !value)}>
          Play the durations
        </Button>
      </div>
    </div>
  );
}

const meta = {
  title: 'Foundations/Motion',
  component: Motion,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Motion>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Durations: Story = {
  play: async ({ canvasElement }) => {
    const dot = canvasElement.querySelector('[data-token="motion.fast"]') as HTMLElement;
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    await expect(getComputedStyle(dot).transitionDuration).toBe(reduced ? '1e-05s' : '0.15s');
  },
};
