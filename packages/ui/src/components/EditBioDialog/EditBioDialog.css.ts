import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });
