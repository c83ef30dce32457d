import { FIRST_NAMES } from '../../backend/src/modules/demo/demo-crm-data.js';

/** The names, places and products bench:contacts seeds (common Egyptian first and family names, in Latin and Arabic spellings). */
export const FIRST = FIRST_NAMES;
export const FAMILY = [
  'Hassan',
  'Abdelrahman',
  'El-Sayed',
  'Fathy',
  'Mostafa',
  'Ibrahim',
  'Adel',
  'Nabil',
  'Samir',
  'Farouk',
  'Kamal',
  'Mansour',
  'Saad',
  'Hamdy',
  'Ragab',
  'Shawky',
  'Zaki',
  'Soliman',
  'Gaber',
  'Lotfy',
  'Abdallah',
  'Youssef',
  'Helmy',
  'Badawy',
  'Fawzy',
  'Tawfik',
  'Shehata',
  'Naguib',
  'Salem',
  'Morsy',
];
export const GOVERNORATES = ['Cairo', 'Giza', 'Alexandria', 'Qalyubia', 'Dakahlia', 'Sharqia', 'Gharbia', 'Monufia', 'Port Said', 'Asyut', 'Luxor', 'Aswan'];

export const CATALOGUE_WORDS = ['Galabeya', 'Abaya', 'Scarf', 'Sandals', 'Perfume', 'Lantern', 'Honey', 'Hibiscus', 'Papyrus', 'Rug', 'Sheet Set', 'Hair Oil', 'Dates', 'Incense', 'Tote Bag'];

export const sqlList = (items: string[]) => `ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;
