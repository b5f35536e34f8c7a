/**
 * Reference data of a Québec regional economic-development body, in both interface languages.
 * `key` is the stable identity used by the seed's upsert: renaming a label keeps the row's id, so
 * companies keep pointing at it. Never change a key; add a new row instead.
 */

export interface LookupSeed {
  key: string;
  fr: string;
  en: string;
}

export interface MunicipalitySeed extends LookupSeed {
  /** A real postal code in the municipality (usually its city hall's). */
  zip: string;
}

export interface StatusSeed extends LookupSeed {
  /** A Mantine colour name. */
  color: string;
}

export interface CategorySeed extends LookupSeed {
  children?: LookupSeed[];
}

const same = (key: string, name: string, zip: string): MunicipalitySeed => ({ key, fr: name, en: name, zip });

export const MUNICIPALITIES: MunicipalitySeed[] = [
  { key: 'montreal', fr: 'Montréal', en: 'Montreal', zip: 'H2X 1Y4' },
  { key: 'quebec', fr: 'Québec', en: 'Quebec City', zip: 'G1R 4S9' },
  same('laval', 'Laval', 'H7V 3Z4'),
  same('gatineau', 'Gatineau', 'J8X 4C8'),
  same('longueuil', 'Longueuil', 'J4K 4Y7'),
  same('sherbrooke', 'Sherbrooke', 'J1H 4A4'),
  same('saguenay', 'Saguenay', 'G7H 5B8'),
  same('levis', 'Lévis', 'G6V 4J8'),
  same('trois-rivieres', 'Trois-Rivières', 'G9A 5L1'),
  same('terrebonne', 'Terrebonne', 'J6W 4V1'),
  same('saint-jean-sur-richelieu', 'Saint-Jean-sur-Richelieu', 'J3B 7B2'),
  same('repentigny', 'Repentigny', 'J6A 2R4'),
  same('saint-jerome', 'Saint-Jérôme', 'J7Z 5T3'),
  same('drummondville', 'Drummondville', 'J2B 2G2'),
  same('granby', 'Granby', 'J2G 5A7'),
  same('saint-hyacinthe', 'Saint-Hyacinthe', 'J2S 5B3'),
  same('blainville', 'Blainville', 'J7C 3V4'),
  same('mirabel', 'Mirabel', 'J7J 1C1'),
  same('sainte-therese', 'Sainte-Thérèse', 'J7E 2T4'),
  same('boisbriand', 'Boisbriand', 'J7G 2A3'),
  same('saint-eustache', 'Saint-Eustache', 'J7R 4W2'),
  same('rosemere', 'Rosemère', 'J7A 3S5'),
  same('mascouche', 'Mascouche', 'J7K 2K7'),
  same('saint-sauveur', 'Saint-Sauveur', 'J0R 1R6'),
  same('sainte-agathe-des-monts', 'Sainte-Agathe-des-Monts', 'J8C 2A5'),
  same('mont-tremblant', 'Mont-Tremblant', 'J8E 1T1'),
  same('rimouski', 'Rimouski', 'G5L 3B6'),
  same('riviere-du-loup', 'Rivière-du-Loup', 'G5R 3Y7'),
  same('shawinigan', 'Shawinigan', 'G9N 6V3'),
  same('victoriaville', 'Victoriaville', 'G6P 6T2'),
  same('joliette', 'Joliette', 'J6E 3Z2'),
  same('salaberry-de-valleyfield', 'Salaberry-de-Valleyfield', 'J6T 2J3'),
  same('vaudreuil-dorion', 'Vaudreuil-Dorion', 'J7V 1K6'),
  same('saint-georges', 'Saint-Georges', 'G5Y 2C5'),
  same('thetford-mines', 'Thetford Mines', 'G6G 1N3'),
  same('alma', 'Alma', 'G8B 5V3'),
  same('magog', 'Magog', 'J1X 2W4'),
  same('rouyn-noranda', 'Rouyn-Noranda', 'J9X 5C3'),
  same('val-d-or', 'Val-d’Or', 'J9P 2T1'),
  same('sept-iles', 'Sept-Îles', 'G4R 2T3'),
  same('baie-comeau', 'Baie-Comeau', 'G4Z 1M5'),
  same('gaspe', 'Gaspé', 'G4X 1B8'),
  { key: 'iles-de-la-madeleine', fr: 'Les Îles-de-la-Madeleine', en: 'Magdalen Islands', zip: 'G4T 1E6' },
];

export const LEGAL_FORMS: LookupSeed[] = [
  { key: 'business-corporation', fr: 'Société par actions (compagnie)', en: 'Business corporation' },
  { key: 'federal-corporation', fr: 'Société par actions de régime fédéral', en: 'Federal business corporation' },
  { key: 'sole-proprietorship', fr: 'Entreprise individuelle', en: 'Sole proprietorship' },
  { key: 'general-partnership', fr: 'Société en nom collectif (S.E.N.C.)', en: 'General partnership' },
  { key: 'limited-partnership', fr: 'Société en commandite (S.E.C.)', en: 'Limited partnership' },
  { key: 'cooperative', fr: 'Coopérative', en: 'Co-operative' },
  { key: 'non-profit', fr: 'Organisme à but non lucratif (OBNL)', en: 'Non-profit organization' },
];

export const CONTRIBUTION_FUNDS: LookupSeed[] = [
  { key: 'fli', fr: 'Fonds local d’investissement (FLI)', en: 'Local Investment Fund (LIF)' },
  { key: 'fls', fr: 'Fonds local de solidarité (FLS)', en: 'Local Solidarity Fund (LSF)' },
  { key: 'fae', fr: 'Fonds d’aide aux entreprises', en: 'Business Assistance Fund' },
  { key: 'frr', fr: 'Fonds régions et ruralité (FRR)', en: 'Regions and Rurality Fund (RRF)' },
  { key: 'young-entrepreneurs', fr: 'Fonds Jeunes promoteurs', en: 'Young Entrepreneurs Fund' },
  { key: 'social-economy', fr: 'Fonds d’économie sociale', en: 'Social Economy Fund' },
  {
    key: 'paupme',
    fr: 'Programme d’aide d’urgence aux PME (PAUPME)',
    en: 'Emergency Assistance Program for SMEs (PAUPME)',
  },
];

export const ACTIVITY_AREAS: LookupSeed[] = [
  {
    key: 'agriculture',
    fr: 'Agriculture, foresterie, pêche et chasse',
    en: 'Agriculture, forestry, fishing and hunting',
  },
  { key: 'mining', fr: 'Extraction minière et exploitation en carrière', en: 'Mining and quarrying' },
  { key: 'construction', fr: 'Construction', en: 'Construction' },
  { key: 'manufacturing', fr: 'Fabrication', en: 'Manufacturing' },
  { key: 'wholesale', fr: 'Commerce de gros', en: 'Wholesale trade' },
  { key: 'retail', fr: 'Commerce de détail', en: 'Retail trade' },
  { key: 'transportation', fr: 'Transport et entreposage', en: 'Transportation and warehousing' },
  {
    key: 'information',
    fr: 'Industrie de l’information et industrie culturelle',
    en: 'Information and cultural industries',
  },
  { key: 'technology', fr: 'Technologies de l’information', en: 'Information technology' },
  { key: 'finance', fr: 'Finance et assurances', en: 'Finance and insurance' },
  {
    key: 'professional-services',
    fr: 'Services professionnels, scientifiques et techniques',
    en: 'Professional, scientific and technical services',
  },
  { key: 'health', fr: 'Soins de santé et assistance sociale', en: 'Health care and social assistance' },
  { key: 'arts', fr: 'Arts, spectacles et loisirs', en: 'Arts, entertainment and recreation' },
  { key: 'tourism', fr: 'Hébergement et services de restauration', en: 'Accommodation and food services' },
  { key: 'other-services', fr: 'Autres services', en: 'Other services' },
];

export const STATUSES: StatusSeed[] = [
  { key: 'prospect', fr: 'Prospect', en: 'Prospect', color: 'blue' },
  { key: 'in-analysis', fr: 'En analyse', en: 'Under review', color: 'violet' },
  { key: 'active', fr: 'Client actif', en: 'Active client', color: 'green' },
  { key: 'follow-up', fr: 'En suivi', en: 'Under follow-up', color: 'yellow' },
  { key: 'default-of-payment', fr: 'En défaut de paiement', en: 'In default of payment', color: 'red' },
  { key: 'declined', fr: 'Demande refusée', en: 'Application declined', color: 'orange' },
  { key: 'closed', fr: 'Dossier fermé', en: 'Closed file', color: 'gray' },
];

export const WARRANTIES: LookupSeed[] = [
  { key: 'personal-guarantee', fr: 'Caution personnelle', en: 'Personal guarantee' },
  { key: 'movable-hypothec', fr: 'Hypothèque mobilière', en: 'Movable hypothec' },
  { key: 'immovable-hypothec', fr: 'Hypothèque immobilière', en: 'Immovable hypothec' },
  { key: 'equipment', fr: 'Garantie sur l’équipement', en: 'Equipment security' },
  { key: 'inventory', fr: 'Garantie sur les stocks', en: 'Inventory security' },
  { key: 'receivables', fr: 'Cession de créances', en: 'Assignment of receivables' },
  { key: 'life-insurance', fr: 'Assurance vie', en: 'Life insurance' },
];

export const DOCUMENT_CATEGORIES: CategorySeed[] = [
  {
    key: 'legal',
    fr: 'Juridique',
    en: 'Legal',
    children: [
      { key: 'legal-incorporation', fr: 'Statuts constitutifs', en: 'Articles of incorporation' },
      { key: 'legal-agreements', fr: 'Conventions et contrats', en: 'Agreements and contracts' },
      { key: 'legal-resolutions', fr: 'Résolutions', en: 'Resolutions' },
    ],
  },
  {
    key: 'financial',
    fr: 'Financier',
    en: 'Financial',
    children: [
      { key: 'financial-statements', fr: 'États financiers', en: 'Financial statements' },
      { key: 'financial-forecasts', fr: 'Prévisions financières', en: 'Financial forecasts' },
      { key: 'financial-tax-returns', fr: 'Déclarations fiscales', en: 'Tax returns' },
    ],
  },
  {
    key: 'funding',
    fr: 'Financement',
    en: 'Funding',
    children: [
      { key: 'funding-application', fr: 'Demande de financement', en: 'Funding application' },
      { key: 'funding-loan-agreement', fr: 'Contrat de prêt', en: 'Loan agreement' },
      { key: 'funding-disbursements', fr: 'Déboursés', en: 'Disbursements' },
    ],
  },
  {
    key: 'follow-up',
    fr: 'Suivi',
    en: 'Follow-up',
    children: [
      { key: 'follow-up-visit-reports', fr: 'Rapports de visite', en: 'Visit reports' },
      { key: 'follow-up-correspondence', fr: 'Correspondance', en: 'Correspondence' },
    ],
  },
  { key: 'business-plan', fr: 'Plan d’affaires', en: 'Business plan' },
  { key: 'other', fr: 'Autres', en: 'Other' },
];
