import { useTranslation } from 'react-i18next';
import { visuallyHidden } from './visually-hidden';

/** Tells screen-reader users that a link opens a new tab (WCAG 3.2.5 advisory, G201). */
export function NewTabHint() {
  const { t } = useTranslation();
  return <span style={visuallyHidden}> ({t('app.opensInNewTab')})</span>;
}
