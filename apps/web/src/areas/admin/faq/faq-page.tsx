import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import type { FaqTopic } from '@portal/contracts';
import ClearIcon from '@mui/icons-material/Clear';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LinkIcon from '@mui/icons-material/Link';
import SearchIcon from '@mui/icons-material/Search';
import Accordion from '../../../kit/Accordion';
import AccordionDetails from '../../../kit/AccordionDetails';
import AccordionSummary from '../../../kit/AccordionSummary';
import Alert from '../../../kit/Alert';
import Box from '../../../kit/Box';
import IconButton from '../../../kit/IconButton';
import InputAdornment from '../../../kit/InputAdornment';
import Link from '../../../kit/Link';
import Stack from '../../../kit/Stack';
import TextField from '../../../kit/TextField';
import Typography from '../../../kit/Typography';
import { useConfig } from '../../../config/config-context';
import { useFaq } from '../../../data/content/get-faq';
import { loose } from '../../../i18n/loose';
import { useSignedInViewer } from '../../../lib/viewer';
import { visuallyHidden } from '../../../ui/visually-hidden';
import { LoadingNotice, LoadFailedNotice } from '../../../ui/notices';

interface Item {
  id: string;
  question: string;
  answer: string;
  /** Question, answer and topic without case or accents, for searching. */
  haystack: string;
}

interface Topic {
  id: string;
  title: string;
  items: Item[];
}

/** Lower case without accents: "período" is found by "periodo", "Autopay" by "autopay". */
const fold = (text: string, locale: string): string =>
  text
    .toLocaleLowerCase(locale)
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');

/** The configured topics in the reader's language; a question or answer the tenant did not write is left out. */
function useTopics(topics: readonly FaqTopic[] | undefined): Topic[] {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const lt = loose(t);
    return (topics ?? [])
      .map((topic) => {
        const title = i18n.exists(topic.titleKey) ? lt(topic.titleKey) : '';
        const items = topic.items
          .filter((item) => i18n.exists(item.questionKey) && i18n.exists(item.answerKey))
          .map((item) => {
            const question = lt(item.questionKey);
            const answer = lt(item.answerKey);
            return {
              id: item.id,
              question,
              answer,
              haystack: fold(`${question} ${answer} ${title}`, i18n.language),
            };
          });
        return { id: topic.id, title, items };
      })
      .filter((topic) => topic.items.length > 0);
  }, [topics, t, i18n]);
}

/** An answer's paragraphs (the tenant separates them with a blank line). */
function Answer({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((paragraph) => (
        <Typography key={paragraph} sx={{ mb: 1.5, whiteSpace: 'pre-line' }}>
          {paragraph}
        </Typography>
      ))}
    </>
  );
}

/**
 * `/admin/faq` (issue 12; SPEC §3 application configuration "FAQ topics"): the tenant's questions and
 * answers by topic, in the reader's language. A search (kept in the address as `?q=`, so a search can be
 * shared) finds words in questions and answers, without regard to case or accents; every question has an
 * address of its own (`/admin/faq#<id>`), which opens it. Guests may read it too.
 */
export function FaqPage() {
  const { t, i18n } = useTranslation();
  const viewer = useSignedInViewer();
  const { account } = useConfig();
  const faq = useFaq(viewer.credentialKey);
  const topics = useTopics(faq.data?.topics);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const query = params.get('q') ?? '';
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const searchId = useId();
  const phone = account.tenant.supportPhone;

  const terms = useMemo(
    () => fold(query, i18n.language).split(/\s+/).filter(Boolean),
    [query, i18n.language],
  );
  const searching = terms.length > 0;
  const shown = useMemo(
    () =>
      searching
        ? topics
            .map((topic) => ({
              ...topic,
              items: topic.items.filter((item) => terms.every((term) => item.haystack.includes(term))),
            }))
            .filter((topic) => topic.items.length > 0)
        : topics,
    [topics, terms, searching],
  );
  const matches = shown.reduce((sum, topic) => sum + topic.items.length, 0);

  // A link to a question (`#id`) opens it and brings it into view, its heading's button focused.
  const hash = decodeURIComponent(location.hash.slice(1));
  useEffect(() => {
    if (!hash || topics.length === 0) return;
    const button = document.getElementById(`${hash}-question`);
    if (!button) return;
    button.scrollIntoView({ block: 'start' });
    button.focus({ preventScroll: true });
  }, [hash, topics.length]);

  const setQuery = (value: string) => {
    setClosed(new Set());
    setParams(value ? { q: value } : {}, { replace: true });
  };
  const expanded = (id: string) => open.has(id) || ((searching || id === hash) && !closed.has(id));
  const toggle = (id: string, next: boolean) => {
    setOpen((current) => {
      const copy = new Set(current);
      if (next) copy.add(id);
      else copy.delete(id);
      return copy;
    });
    setClosed((current) => {
      const copy = new Set(current);
      if (next) copy.delete(id);
      else copy.add(id);
      return copy;
    });
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t('faq.heading')}
        </Typography>
        <Typography>{t('faq.intro')}</Typography>
      </Stack>
      {faq.isPending ? (
        <LoadingNotice label={t('faq.loading')} />
      ) : faq.isError ? (
        <LoadFailedNotice message={t('faq.loadFailed')} retry={() => void faq.refetch()} />
      ) : topics.length === 0 ? (
        <Alert severity="info">{t('faq.empty')}</Alert>
      ) : (
        <>
          <Box role="search">
            <TextField
              id={searchId}
              type="search"
              label={t('faq.searchLabel')}
              helperText={t('faq.searchHelp')}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
              }}
              fullWidth
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon aria-hidden="true" />
                    </InputAdornment>
                  ),
                  endAdornment: query ? (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={t('faq.clear')}
                        edge="end"
                        onClick={() => {
                          setQuery('');
                          document.getElementById(searchId)?.focus();
                        }}
                      >
                        <ClearIcon />
                      </IconButton>
                    </InputAdornment>
                  ) : undefined,
                },
              }}
            />
          </Box>
          <Typography aria-live="polite" aria-atomic="true" sx={{ fontWeight: 600 }}>
            {searching
              ? matches > 0
                ? t('faq.results', { count: matches, query: query.trim() })
                : t('faq.noResults', { query: query.trim(), phone })
              : ''}
          </Typography>
          {shown.map((topic) => (
            <Box component="section" key={topic.id} aria-labelledby={`faq-topic-${topic.id}`}>
              <Typography id={`faq-topic-${topic.id}`} variant="h5" component="h2" sx={{ mb: 1.5 }}>
                {topic.title}
              </Typography>
              {topic.items.map((item) => (
                <Accordion
                  key={item.id}
                  id={item.id}
                  disableGutters
                  expanded={expanded(item.id)}
                  onChange={(_event, next) => {
                    toggle(item.id, next);
                  }}
                  slotProps={{ heading: { component: 'h3' }, transition: { unmountOnExit: false } }}
                  sx={{ scrollMarginTop: 80 }}
                >
                  <AccordionSummary
                    id={`${item.id}-question`}
                    aria-controls={`${item.id}-answer`}
                    expandIcon={<ExpandMoreIcon aria-hidden="true" />}
                  >
                    <Typography sx={{ fontWeight: 600 }}>{item.question}</Typography>
                  </AccordionSummary>
                  <AccordionDetails>
                    <Answer text={item.answer} />
                    <Link
                      component={RouterLink}
                      to={`/admin/faq#${item.id}`}
                      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, typography: 'body2' }}
                    >
                      <LinkIcon fontSize="small" aria-hidden="true" />
                      {t('faq.linkToQuestion')}
                      <span style={visuallyHidden}>: {item.question}</span>
                    </Link>
                  </AccordionDetails>
                </Accordion>
              ))}
            </Box>
          ))}
          <Alert severity="info" icon={false} component="section" aria-label={t('faq.stillNeedHelp')}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('faq.stillNeedHelp')}
            </Typography>
            <Typography>
              {t('faq.callUs')}{' '}
              <Link href={`tel:${phone.replace(/[^0-9+]/g, '')}`} sx={{ whiteSpace: 'nowrap' }}>
                {phone}
              </Link>
            </Typography>
          </Alert>
        </>
      )}
    </Stack>
  );
}

export default FaqPage;
