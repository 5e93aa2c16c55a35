import { style } from '../../theme/layered.css.js';

// One line, ending in an ellipsis: a member of another server's handle
// (`@someone@a-long-server-name.example`) would otherwise push a row wider than a phone. Only
// what a handle needs to clip is set here; its colour and size are its row's.
export const handle = style({
  display: 'block',
  minWidth: 0,
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
