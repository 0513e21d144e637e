/** Plausible Swiss (mostly French-speaking) names, places and texts for the demo data. */

export const MALE_FIRST_NAMES = [
  'Alexandre', 'Antoine', 'Bastien', 'Benoît', 'Christophe', 'Cédric', 'Daniel', 'David', 'Fabien', 'François',
  'Frédéric', 'Grégoire', 'Guillaume', 'Hugo', 'Jean-Marc', 'Jérôme', 'Joël', 'Julien', 'Laurent', 'Loïc',
  'Luca', 'Marc', 'Mathieu', 'Michel', 'Nicolas', 'Olivier', 'Pascal', 'Patrick', 'Philippe', 'Pierre',
  'Raphaël', 'Sébastien', 'Simon', 'Stéphane', 'Thierry', 'Thomas', 'Valentin', 'Yann', 'Yves', 'Reto',
  'Urs', 'Matthias', 'Stefan', 'Marco', 'Giovanni', 'João', 'Samuel', 'Romain', 'Vincent', 'Florian',
] as const;

export const FEMALE_FIRST_NAMES = [
  'Alice', 'Amélie', 'Anne', 'Audrey', 'Aurélie', 'Camille', 'Caroline', 'Catherine', 'Céline', 'Chloé',
  'Christine', 'Claire', 'Corinne', 'Delphine', 'Élodie', 'Émilie', 'Florence', 'Françoise', 'Isabelle', 'Julie',
  'Karin', 'Laetitia', 'Laura', 'Léa', 'Magali', 'Manon', 'Marie', 'Mélanie', 'Nathalie', 'Nicole',
  'Sandrine', 'Sarah', 'Séverine', 'Sophie', 'Stéphanie', 'Sylvie', 'Valérie', 'Véronique', 'Virginie', 'Zoé',
  'Ursula', 'Andrea', 'Sabine', 'Francesca', 'Giulia', 'Ana', 'Noémie', 'Pauline', 'Lucie', 'Jessica',
] as const;

export const LAST_NAMES = [
  'Favre', 'Rochat', 'Bovet', 'Jaquier', 'Cuendet', 'Mottier', 'Pittet', 'Berset', 'Monnier', 'Perrin',
  'Chappuis', 'Dubois', 'Rey', 'Mercier', 'Bonvin', 'Gay', 'Fournier', 'Vuilleumier', 'Jaccard', 'Thévoz',
  'Martin', 'Bernard', 'Blanc', 'Morel', 'Girard', 'Roulet', 'Golay', 'Reymond', 'Pasche', 'Gilliéron',
  'Cornaz', 'Chevalley', 'Dutoit', 'Bolomey', 'Bron', 'Cherpillod', 'Despland', 'Mayor', 'Pilet', 'Rossier',
  'Müller', 'Meier', 'Schmid', 'Keller', 'Weber', 'Huber', 'Schneider', 'Steiner', 'Fischer', 'Gerber',
  'Brunner', 'Baumann', 'Zimmermann', 'Moser', 'Widmer', 'Wyss', 'Zbinden', 'Rossi', 'Bernasconi', 'Ferrari',
  'Bianchi', 'Pereira', 'Da Silva', 'Ferreira', 'Rodrigues', 'Cattin', 'Aebischer', 'Python', 'Clément', 'Gremaud',
] as const;

/** Towns of Vaud and Geneva with their postal codes. */
export const TOWNS: readonly { city: string; zip: string }[] = [
  { city: 'Nyon', zip: '1260' },
  { city: 'Gland', zip: '1196' },
  { city: 'Rolle', zip: '1180' },
  { city: 'Morges', zip: '1110' },
  { city: 'Lausanne', zip: '1004' },
  { city: 'Lausanne', zip: '1006' },
  { city: 'Lausanne', zip: '1007' },
  { city: 'Pully', zip: '1009' },
  { city: 'Lutry', zip: '1095' },
  { city: 'Renens', zip: '1020' },
  { city: 'Écublens', zip: '1024' },
  { city: 'Préverenges', zip: '1028' },
  { city: 'Saint-Prex', zip: '1162' },
  { city: 'Aubonne', zip: '1170' },
  { city: 'Prangins', zip: '1197' },
  { city: 'Eysins', zip: '1262' },
  { city: 'Coppet', zip: '1296' },
  { city: 'Founex', zip: '1297' },
  { city: 'Commugny', zip: '1291' },
  { city: 'Mies', zip: '1295' },
  { city: 'Vevey', zip: '1800' },
  { city: 'Montreux', zip: '1820' },
  { city: 'Genève', zip: '1201' },
  { city: 'Genève', zip: '1202' },
  { city: 'Genève', zip: '1205' },
  { city: 'Genève', zip: '1206' },
  { city: 'Carouge', zip: '1227' },
  { city: 'Versoix', zip: '1290' },
  { city: 'Meyrin', zip: '1217' },
  { city: 'Lancy', zip: '1212' },
  { city: 'Chêne-Bougeries', zip: '1224' },
  { city: 'Vernier', zip: '1214' },
];

export const STREETS = [
  'Route de Genève', 'Rue du Lac', 'Chemin des Vignes', 'Avenue de la Gare', 'Rue de la Combe', 'Chemin du Levant',
  'Route de Divonne', 'Avenue Alfred-Cortot', 'Rue de Rive', 'Chemin de la Paix', 'Avenue de Cour', 'Rue du Marché',
  'Chemin des Pâquerettes', 'Route de Lausanne', 'Rue de Carouge', 'Chemin des Crêts', 'Avenue de Champel',
  'Rue des Alpes', 'Chemin du Bochet', 'Route de Saint-Cergue', 'Rue Centrale', 'Chemin de Bellerive',
  'Avenue des Mousquetaires', 'Rue du Temple', 'Chemin de la Chapelle',
] as const;

export const EMAIL_DOMAINS = ['bluewin.ch', 'gmail.com', 'hotmail.com', 'sunrise.ch', 'outlook.com', 'netplus.ch', 'gmx.ch'] as const;

export const JOBS = [
  'Ingénieur', 'Enseignante', 'Médecin', 'Infirmière', 'Avocat', 'Banquier', 'Architecte', 'Comptable',
  'Chef de projet', 'Pharmacienne', 'Informaticien', 'Fonctionnaire', 'Consultant', 'Physiothérapeute',
  'Employé de commerce', 'Directrice financière', 'Indépendant', 'Retraité',
] as const;

export const CIVIL_STATUSES = ['célibataire', 'marié', 'partenaire enregistré', 'divorcé', 'veuf'] as const;

export const MATRIMONIAL_PROPERTIES = ['participation aux acquêts', 'séparation de biens', 'communauté de biens'] as const;

export const PLACES_OF_ORIGIN = [
  'Nyon VD', 'Lausanne VD', 'Genève GE', 'Fribourg FR', 'Bulle FR', 'Sion VS', 'Neuchâtel NE', 'Yverdon-les-Bains VD',
  'Berne BE', 'Zurich ZH', 'Lugano TI', 'Montreux VD', 'Delémont JU', 'Martigny VS',
] as const;

export const MORTGAGE_BANKS = [
  'Banque Cantonale Vaudoise', 'Banque Cantonale de Genève', 'UBS', 'Raiffeisen', 'PostFinance', 'Banque Migros',
  'Banque Alternative Suisse',
] as const;

export const PENSION_FUNDS = [
  "Caisse de pensions de l'Etat de Vaud", "Caisse de prévoyance de l'Etat de Genève", 'Swiss Life', 'AXA Fondation LPP',
  'Profond', 'Publica',
] as const;

export const THIRD_PILLAR_BANKS = ['VIAC', 'frankly', 'Raiffeisen', 'PostFinance', 'Banque Cantonale Vaudoise', 'UBS'] as const;

export const VIP_REASONS = [
  'Ami du promoteur', 'Client fidèle (deuxième achat)', 'Recommandé par la banque', 'Investisseur institutionnel',
  'Propriétaire du terrain voisin',
] as const;

export const REGISTRATION_COMMENTS = [
  'Nous cherchons un 4.5 pièces avec un grand balcon, idéalement orienté sud.',
  "Intéressés par un attique, budget autour de 2 mio. Merci de nous envoyer la plaquette.",
  "Je souhaiterais visiter l'appartement témoin un samedi matin si possible.",
  'Famille avec deux enfants, nous cherchons un rez-de-jardin.',
  'Est-il possible de réunir deux lots ? Merci de me rappeler.',
  'Achat en vue de la retraite, un 2.5 ou 3.5 pièces lumineux nous conviendrait.',
  'Nous vendons notre maison à Gland, financement à confirmer avec la BCV.',
  "Quelle est la date prévue de remise des clés ?",
  'Intéressé par une place de parc supplémentaire et une cave.',
  'Premier achat, nous aimerions connaître le montant des fonds propres nécessaires.',
] as const;

export const BROKER_COMMENTS = [
  'Premier contact téléphonique très positif, rappeler après les vacances.',
  "Visite de l'appartement témoin effectuée, hésite entre deux lots.",
  "Financement en cours d'analyse à la banque.",
  'Souhaite un rabais sur la place de parc.',
  'Attend la vente de son bien actuel avant de se positionner.',
  "Très intéressé par l'attique, à relancer en fin de semaine.",
  'Dossier complet reçu, tout est en ordre.',
  'A demandé des plans détaillés avec les cotes.',
  "Questions sur les finitions de la cuisine, transmis à l'architecte.",
  'Client exigeant mais sérieux, fonds propres confirmés.',
  'Ne répond plus aux appels, envoyer un e-mail.',
  'Couple avec un enfant, cherche une chambre supplémentaire pour un bureau.',
] as const;

export const CANDIDACY_TASKS = [
  'Rappeler le client',
  "Visite de l'appartement témoin",
  'Envoyer la plaquette de vente',
  'Relancer pour le financement',
  'Rendez-vous à la banque avec le client',
  'Envoyer les plans des lots disponibles',
  'Faire le point sur le budget',
] as const;

export const LOT_TASKS = [
  'Vérifier les surfaces avec le géomètre',
  'Mettre à jour le plan du lot',
  "Point avec l'architecte sur les finitions",
  'Photos du lot pour la brochure',
] as const;

export const APPLICATION_TASKS = [
  'Envoyer les choix de finitions au client',
  "Relancer le client pour l'acompte",
  'Préparer le dossier pour le notaire',
  'Visite de chantier avec le client',
] as const;

export const TASK_DETAILS = [
  'Voir les notes de la dernière visite.',
  'Le client préfère être appelé en fin de journée.',
  'Prévoir les plans au format A3.',
  null,
  null,
] as const;
