import product from './product.json';

/**
 * The product's one name: the learner site's title, the Studio's, the mails, the certificates' issuer and the API
 * document. The API reads the same value from `@lp/shared/product.json` (its compiled code cannot load TypeScript).
 */
export const PRODUCT_NAME: string = product.name;
