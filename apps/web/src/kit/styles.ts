// Types and helpers pages used from MUI's styles module.
export type { SxProps } from './sx';
export { theme, type Theme } from './theme';
export { alpha, darken, lighten } from './color';
import { theme } from './theme';
/** The kit's theme object (custom-property references). */
export const useTheme = () => theme;
