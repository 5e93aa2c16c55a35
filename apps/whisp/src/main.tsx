import '@whisp/ui/reset.css';
import '@whisp/ui/styles.css';
// Evaluated with this entry: React's code is the larger half of what the first screen runs.
import 'react-dom/client';

// The app's code (src/start.tsx), already on its way (index.html preloads it), is evaluated in a
// task of its own: as one, the two were the load's longest task, about 30 ms at full speed and ten
// times that on a low-end phone, during which the page answered no tap.
setTimeout(() => void import('./start'), 0);
