// The problem-to-message table (problem-table.ts) and how pages read it (problem-text.ts).
export { PROBLEMS, SHARED_PROBLEMS } from './problem-table';
export type { ProblemTable, ProblemText } from './problem-table';
export {
  conflictCurrent,
  fieldProblems,
  isConflict,
  matchProblem,
  namesAField,
  problemText,
  renderText,
  ruleOf,
  useProblemText,
} from './problem-text';
