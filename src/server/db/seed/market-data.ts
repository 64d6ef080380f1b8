/** Real-looking geography for the demo markets: cities with their state and ZIP codes, railroads, terminals. */

export interface City {
  city: string;
  state: string;
  zips: readonly string[];
}

export interface MarketData {
  code: string;
  name: string;
  cities: readonly City[];
  railroads: readonly string[];
  /** Container terminals: only port markets have port bays. */
  terminals: readonly string[];
}

const c = (city: string, state: string, ...zips: string[]): City => ({ city, state, zips });

/** CHI and CHIW share a prefix on purpose: the location market filter is a starts-with (SPEC §5). */
export const MARKETS: readonly MarketData[] = [
  {
    code: 'CHI',
    name: 'Chicago',
    cities: [
      c('Chicago', 'IL', '60609', '60632', '60638', '60629'),
      c('Cicero', 'IL', '60804'),
      c('Bedford Park', 'IL', '60638', '60501'),
      c('Joliet', 'IL', '60436', '60433'),
      c('Elwood', 'IL', '60421'),
      c('Harvey', 'IL', '60426'),
    ],
    railroads: ['BNSF', 'UP', 'CSX', 'NS', 'CN', 'CPKC'],
    terminals: [],
  },
  {
    code: 'CHIW',
    name: 'Chicago West',
    cities: [
      c('Aurora', 'IL', '60502', '60504'),
      c('Rochelle', 'IL', '61068'),
      c('West Chicago', 'IL', '60185'),
      c('Elgin', 'IL', '60123'),
      c('Franklin Park', 'IL', '60131'),
    ],
    railroads: ['BNSF', 'UP'],
    terminals: [],
  },
  {
    code: 'LAX',
    name: 'Los Angeles / Long Beach',
    cities: [
      c('Long Beach', 'CA', '90802', '90813', '90810'),
      c('Los Angeles', 'CA', '90021', '90058', '90023'),
      c('Carson', 'CA', '90745', '90746'),
      c('Wilmington', 'CA', '90744'),
      c('Commerce', 'CA', '90040'),
      c('Rancho Dominguez', 'CA', '90220'),
    ],
    railroads: ['BNSF', 'UP'],
    terminals: [
      'Pier T Terminal',
      'Fenix Marine Terminal',
      'West Basin Terminal',
      'Pier J Terminal',
      'TraPac Terminal',
    ],
  },
  {
    code: 'NYNJ',
    name: 'New York / New Jersey',
    cities: [
      c('Newark', 'NJ', '07105', '07114'),
      c('Elizabeth', 'NJ', '07201', '07206'),
      c('Bayonne', 'NJ', '07002'),
      c('Kearny', 'NJ', '07032'),
      c('Jersey City', 'NJ', '07305'),
      c('Staten Island', 'NY', '10303'),
    ],
    railroads: ['CSX', 'NS'],
    terminals: [
      'Port Newark Container Terminal',
      'Maher Terminal',
      'Elizabeth Marine Terminal',
      'Bayonne Global Terminal',
    ],
  },
  {
    code: 'SAV',
    name: 'Savannah',
    cities: [
      c('Savannah', 'GA', '31408', '31415', '31407'),
      c('Garden City', 'GA', '31408'),
      c('Port Wentworth', 'GA', '31407'),
      c('Pooler', 'GA', '31322'),
      c('Rincon', 'GA', '31326'),
    ],
    railroads: ['CSX', 'NS'],
    terminals: ['Garden City Terminal', 'Ocean Terminal'],
  },
  {
    code: 'HOU',
    name: 'Houston',
    cities: [
      c('Houston', 'TX', '77029', '77015', '77020'),
      c('La Porte', 'TX', '77571'),
      c('Pasadena', 'TX', '77506'),
      c('Baytown', 'TX', '77520'),
      c('Seabrook', 'TX', '77586'),
    ],
    railroads: ['BNSF', 'UP'],
    terminals: ['Barbours Cut Terminal', 'Bayport Terminal'],
  },
  {
    code: 'DFW',
    name: 'Dallas / Fort Worth',
    cities: [
      c('Dallas', 'TX', '75241', '75212'),
      c('Fort Worth', 'TX', '76177', '76106'),
      c('Wilmer', 'TX', '75172'),
      c('Haslet', 'TX', '76052'),
      c('Grand Prairie', 'TX', '75050'),
    ],
    railroads: ['BNSF', 'UP', 'CPKC'],
    terminals: [],
  },
  {
    code: 'ATL',
    name: 'Atlanta',
    cities: [
      c('Atlanta', 'GA', '30336', '30318', '30354'),
      c('Austell', 'GA', '30168'),
      c('Forest Park', 'GA', '30297'),
      c('Fairburn', 'GA', '30213'),
      c('McDonough', 'GA', '30253'),
    ],
    railroads: ['CSX', 'NS'],
    terminals: [],
  },
  {
    code: 'MEM',
    name: 'Memphis',
    cities: [
      c('Memphis', 'TN', '38118', '38106', '38109'),
      c('Marion', 'AR', '72364'),
      c('Southaven', 'MS', '38671'),
      c('Olive Branch', 'MS', '38654'),
    ],
    railroads: ['BNSF', 'UP', 'CSX', 'NS', 'CN'],
    terminals: [],
  },
  {
    code: 'SEA',
    name: 'Seattle / Tacoma',
    cities: [
      c('Seattle', 'WA', '98134', '98106', '98108'),
      c('Tacoma', 'WA', '98421', '98424'),
      c('Kent', 'WA', '98032'),
      c('Fife', 'WA', '98424'),
      c('Auburn', 'WA', '98001'),
    ],
    railroads: ['BNSF', 'UP'],
    terminals: ['Terminal 18', 'Terminal 5', 'Husky Terminal', 'Pierce County Terminal'],
  },
  {
    code: 'KC',
    name: 'Kansas City',
    cities: [
      c('Kansas City', 'MO', '64120', '64161'),
      c('Kansas City', 'KS', '66115', '66105'),
      c('Edgerton', 'KS', '66021'),
      c('Riverside', 'MO', '64150'),
    ],
    railroads: ['BNSF', 'UP', 'NS', 'CPKC'],
    terminals: [],
  },
];

export const PORT_MARKETS = MARKETS.filter((m) => m.terminals.length > 0).map((m) => m.code);

export const STREETS = [
  'Intermodal Dr',
  'Industrial Pkwy',
  'Logistics Blvd',
  'Rail Yard Rd',
  'Commerce Way',
  'Terminal Ave',
  'Freight St',
  'Distribution Dr',
  'Harbor Blvd',
  'Warehouse Row',
  'Container Way',
  'Depot St',
  'Trade Center Dr',
  'Gateway Blvd',
  'Port Rd',
  'Transfer Ln',
] as const;

export const DEPOT_BRANDS = [
  'Gateway',
  'Crossroads',
  'Ironhorse',
  'Summit',
  'Prairie',
  'Keystone',
  'Pioneer',
  'Liberty',
  'Heartland',
  'Anchor',
] as const;

export const OPERATING_HOURS = [
  'Mon-Fri 06:00-18:00;Sat 07:00-12:00;Sun Closed',
  'Mon-Sun 00:00-24:00',
  'Mon-Fri 07:00-17:00;Sat-Sun Closed',
  'Mon-Fri 05:00-23:00;Sat 06:00-14:00;Sun Closed',
  'Mon-Thu 06:00-18:00;Fri 06:00-16:00;Sat-Sun Closed',
  'Mon-Fri 08:00-16:30;Sat 08:00-12:00;Sun Closed',
] as const;
