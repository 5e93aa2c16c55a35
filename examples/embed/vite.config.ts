import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// A plain Vite React app: @whisp/ui ships compiled CSS, so no vanilla-extract plugin is needed.
export default defineConfig({ plugins: [react()] });
