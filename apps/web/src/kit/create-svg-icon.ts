// What @mui/icons-material's modules import as `./utils/createSvgIcon.mjs` (vite.config.ts points it here).
export { createSvgIcon as default } from './SvgIcon';
