/**
 * Brokers, employers and banks of the demo. Every agency, employer and person is invented; the banks
 * are real Massachusetts banks with their published ABA routing numbers (a routing number names a
 * bank, not anybody's account).
 */

export interface BrokerSeed {
  readonly firstName: string;
  readonly lastName: string;
  readonly agencyName: string;
  readonly city: string;
  readonly areaCode: string;
  readonly licensedStates: readonly string[];
}

/** The broker of record of the demo accounts; the `broker.hughes` account belongs to him. */
export const DEMO_BROKER: BrokerSeed & { readonly npn: string } = {
  firstName: 'Patrick',
  lastName: 'Hughes',
  agencyName: 'Hughes Family Insurance Agency',
  city: 'Worcester',
  areaCode: '508',
  licensedStates: ['MA', 'NH', 'RI'],
  npn: '18406275',
};

export const BROKERS: readonly BrokerSeed[] = [
  {
    firstName: 'Yesenia',
    lastName: 'Almonte',
    agencyName: 'Merrimack Valley Health Advisors',
    city: 'Lawrence',
    areaCode: '978',
    licensedStates: ['MA', 'NH'],
  },
  {
    firstName: 'Manuel',
    lastName: 'Pacheco',
    agencyName: 'South Coast Insurance Associates',
    city: 'New Bedford',
    areaCode: '508',
    licensedStates: ['MA', 'RI'],
  },
  {
    firstName: 'Renata',
    lastName: 'Oliveira',
    agencyName: 'MetroWest Seguros e Benefícios',
    city: 'Framingham',
    areaCode: '508',
    licensedStates: ['MA'],
  },
  {
    firstName: 'Thomas',
    lastName: 'Flaherty',
    agencyName: 'Flaherty & Daughters Insurance',
    city: 'Quincy',
    areaCode: '617',
    licensedStates: ['MA'],
  },
  {
    firstName: 'Guerline',
    lastName: 'Désir',
    agencyName: 'Blue Hill Avenue Benefits',
    city: 'Mattapan',
    areaCode: '617',
    licensedStates: ['MA'],
  },
  {
    firstName: 'Héctor',
    lastName: 'Colón',
    agencyName: 'Pioneer Valley Coverage Center',
    city: 'Holyoke',
    areaCode: '413',
    licensedStates: ['MA', 'CT'],
  },
  {
    firstName: 'Sophal',
    lastName: 'Chhay',
    agencyName: 'Acre Community Insurance',
    city: 'Lowell',
    areaCode: '978',
    licensedStates: ['MA'],
  },
  {
    firstName: 'Dulce',
    lastName: 'Monteiro',
    agencyName: 'Monteiro Insurance Services',
    city: 'Brockton',
    areaCode: '508',
    licensedStates: ['MA', 'RI'],
  },
  {
    firstName: 'Karen',
    lastName: 'Mahoney',
    agencyName: 'Cape & Islands Benefit Partners',
    city: 'Hyannis',
    areaCode: '508',
    licensedStates: ['MA'],
  },
  {
    firstName: 'Wei',
    lastName: 'Zhang',
    agencyName: 'Harbor Point Financial Group',
    city: 'Malden',
    areaCode: '781',
    licensedStates: ['MA', 'NY'],
  },
  {
    firstName: 'Fernanda',
    lastName: 'Rocha',
    agencyName: 'Rocha Insurance Agency',
    city: 'Everett',
    areaCode: '617',
    licensedStates: ['MA'],
  },
];

export interface EmployerSeed {
  readonly name: string;
  readonly city: string;
  readonly areaCode: string;
  /** Share of the premium the employer pays, in percent. */
  readonly contributionPercent: number;
}

export const EMPLOYERS: readonly EmployerSeed[] = [
  { name: 'Merrimack Valley Tool & Die Co.', city: 'Lawrence', areaCode: '978', contributionPercent: 75 },
  { name: 'Harborside Seafood Processors', city: 'New Bedford', areaCode: '508', contributionPercent: 70 },
  { name: 'Back Bay Design Collaborative', city: 'Boston', areaCode: '617', contributionPercent: 85 },
  { name: 'Pioneer Valley Community Bakery', city: 'Northampton', areaCode: '413', contributionPercent: 60 },
  { name: 'Quinsigamond Precision Machining', city: 'Worcester', areaCode: '508', contributionPercent: 75 },
  { name: 'Blackstone River Landscaping', city: 'Milford', areaCode: '508', contributionPercent: 50 },
  { name: 'South Shore Family Dental', city: 'Weymouth', areaCode: '781', contributionPercent: 80 },
  { name: 'Cape Ann Marine Services', city: 'Gloucester', areaCode: '978', contributionPercent: 65 },
  { name: 'Nashoba Valley Veterinary Clinic', city: 'Hudson', areaCode: '978', contributionPercent: 70 },
  { name: 'Charles River Software Cooperative', city: 'Waltham', areaCode: '781', contributionPercent: 85 },
  { name: 'Greylock Home Care Services', city: 'Pittsfield', areaCode: '413', contributionPercent: 60 },
  { name: 'Taunton River Construction', city: 'Taunton', areaCode: '508', contributionPercent: 70 },
  { name: 'Mystic Valley Early Learning Center', city: 'Medford', areaCode: '781', contributionPercent: 75 },
  { name: 'Wachusett Auto Body', city: 'Leominster', areaCode: '978', contributionPercent: 55 },
  { name: 'Dorchester Bay Community Pharmacy', city: 'Dorchester', areaCode: '617', contributionPercent: 70 },
  {
    name: 'Granite State Logistics of Massachusetts',
    city: 'Haverhill',
    areaCode: '978',
    contributionPercent: 65,
  },
  { name: 'Old Colony Print & Sign', city: 'Plymouth', areaCode: '508', contributionPercent: 60 },
  { name: 'Quincy Bay Physical Therapy', city: 'Quincy', areaCode: '617', contributionPercent: 80 },
];

export interface Bank {
  readonly name: string;
  readonly routingNumber: string;
}

export const BANKS: readonly Bank[] = [
  { name: 'Bank of America', routingNumber: '011000138' },
  { name: 'Citizens Bank', routingNumber: '211070175' },
  { name: 'Santander Bank', routingNumber: '231372691' },
  { name: 'Eastern Bank', routingNumber: '011301798' },
  { name: 'Rockland Trust', routingNumber: '011304478' },
  { name: 'TD Bank', routingNumber: '211370545' },
];

/** The ABA routing-number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^[0-9]{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return weights.reduce((sum, weight, index) => sum + weight * Number(value.charAt(index)), 0) % 10 === 0;
}
