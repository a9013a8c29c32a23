/**
 * The member 360 (issue 13): staff open it for the member they act for — once they have chosen the
 * member and a reason (act-for-dialog.tsx, docs/decisions/043).
 */
export const MEMBER_360_PATH = '/admin/members/member-360';
