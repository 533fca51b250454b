// What the sandbox POS answers to a catalog pull: a small trattoria, realistic enough to build a menu from and
// to exercise what a real POS sends (tax rates with posReferences, a fixed-amount deposit beside percentages,
// categories, modifier groups with limits, products in several categories' worth of tax treatment).
// A CatalogImportEntity, as any POS answers it.

const FOOD = ['vat-9'];
const ALCOHOL = ['vat-21'];
const BOTTLED = ['vat-9', 'deposit'];

export const DEMO_CATALOG = {
  location: {
    taxRates: [
      {
        posReference: 'vat-9',
        name: 'VAT 9% (food)',
        type: 'PERCENTAGE',
        rate: 90000,
        inclusive: true,
        isDefault: true,
      },
      { posReference: 'vat-21', name: 'VAT 21% (alcohol)', type: 'PERCENTAGE', rate: 210000, inclusive: true },
      { posReference: 'deposit', name: 'Bottle deposit', type: 'FIXED', rate: 15 },
    ],
  },
  categories: [
    { posReference: 'pizza', name: 'Pizza', description: 'From the wood-fired oven' },
    { posReference: 'pasta', name: 'Pasta', description: 'Fresh every morning' },
    { posReference: 'desserts', name: 'Desserts' },
    { posReference: 'drinks', name: 'Drinks' },
  ],
  modifiers: [
    { posReference: 'extra-mozzarella', name: 'Extra mozzarella', price: 150, taxRateIds: FOOD },
    { posReference: 'olives', name: 'Olives', price: 100, taxRateIds: FOOD },
    { posReference: 'nduja', name: "'Nduja", price: 200, taxRateIds: FOOD },
    { posReference: 'parmesan', name: 'Extra parmesan', price: 100, taxRateIds: FOOD },
    { posReference: 'chili', name: 'Chili flakes', price: 0, taxRateIds: FOOD },
  ],
  modifierGroups: [
    {
      posReference: 'pizza-extras',
      name: 'Extras',
      minPermitted: 0,
      maxPermitted: 3,
      modifiers: ['extra-mozzarella', 'olives', 'nduja'],
    },
    {
      posReference: 'pasta-finish',
      name: 'Finish',
      minPermitted: 0,
      maxPermitted: 2,
      modifiers: ['parmesan', 'chili'],
    },
  ],
  products: [
    {
      posReference: 'margherita',
      name: 'Margherita',
      description: 'Tomato, fior di latte, basil',
      price: 1150,
      categories: ['pizza'],
      taxRateIds: FOOD,
      modifierGroups: ['pizza-extras'],
    },
    {
      posReference: 'diavola',
      name: 'Diavola',
      description: 'Tomato, mozzarella, spicy salami',
      price: 1350,
      categories: ['pizza'],
      taxRateIds: FOOD,
      modifierGroups: ['pizza-extras'],
    },
    {
      posReference: 'quattro-formaggi',
      name: 'Quattro formaggi',
      description: 'Mozzarella, gorgonzola, taleggio, parmesan',
      price: 1450,
      categories: ['pizza'],
      taxRateIds: FOOD,
      modifierGroups: ['pizza-extras'],
    },
    {
      posReference: 'carbonara',
      name: 'Spaghetti carbonara',
      description: 'Guanciale, egg yolk, pecorino',
      price: 1395,
      categories: ['pasta'],
      taxRateIds: FOOD,
      modifierGroups: ['pasta-finish'],
    },
    {
      posReference: 'arrabbiata',
      name: 'Penne arrabbiata',
      description: 'Tomato, garlic, chili',
      price: 1195,
      categories: ['pasta'],
      taxRateIds: FOOD,
      modifierGroups: ['pasta-finish'],
    },
    {
      posReference: 'lasagna',
      name: 'Lasagna al forno',
      price: 1495,
      categories: ['pasta'],
      taxRateIds: FOOD,
    },
    { posReference: 'tiramisu', name: 'Tiramisù', price: 695, categories: ['desserts'], taxRateIds: FOOD },
    { posReference: 'panna-cotta', name: 'Panna cotta', price: 650, categories: ['desserts'], taxRateIds: FOOD },
    {
      posReference: 'san-pellegrino',
      name: 'San Pellegrino 50 cl',
      price: 325,
      categories: ['drinks'],
      taxRateIds: BOTTLED,
    },
    { posReference: 'chinotto', name: 'Chinotto 33 cl', price: 350, categories: ['drinks'], taxRateIds: BOTTLED },
    {
      posReference: 'peroni',
      name: 'Peroni 33 cl',
      price: 450,
      categories: ['drinks'],
      taxRateIds: ['vat-21', 'deposit'],
    },
    { posReference: 'house-red', name: 'House red, glass', price: 595, categories: ['drinks'], taxRateIds: ALCOHOL },
  ],
};
