import { vars } from '../../theme/contract.css.js';
import { style } from '../../theme/layered.css.js';

export const root = style({ borderBottom: `1px solid ${vars.color.border}` });
