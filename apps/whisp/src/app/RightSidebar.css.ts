import { style } from '@vanilla-extract/css';
import { TRENDS_SHOWN } from '@whisp/api-client/limits';
import { vars } from '@whisp/ui';
import { SUGGESTED_USERS_SIDEBAR } from './panelSizes';

// While its answer is on the way, each panel of the right column keeps the height it will have
// once filled (computed from the same tokens the panels use), so nothing below it moves when
// the answer arrives (Lighthouse counted ~0.03 of layout shift here).
const textLine = (size: string) => `${size} * ${vars.lineHeight.body}`;
const panelTitle = `2 * ${vars.space[3]} + ${textLine(vars.fontSize.xl)}`;
// "1 · Trending", "#tag", "12 whisps", 2 px apart, between the row's padding.
const trendRow = `2 * ${vars.space[3]} + 2 * ${textLine(vars.fontSize.sm)} + ${textLine(vars.fontSize.md)} + 4px`;
const showMoreLink = `2 * ${vars.space[3]} + ${textLine(vars.fontSize.md)}`;
// A 40 px avatar is the tallest part of a suggested member's row.
const personRow = `2 * ${vars.space[3]} + 40px`;

export const trendsLoading = style({
  minHeight: `calc(${panelTitle} + ${TRENDS_SHOWN} * (${trendRow}) + ${showMoreLink})`,
});

export const suggestionsLoading = style({
  minHeight: `calc(${panelTitle} + ${SUGGESTED_USERS_SIDEBAR} * (${personRow}))`,
});
