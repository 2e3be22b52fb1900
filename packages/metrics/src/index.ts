export * from './scrape';
export * from './series';
