/** The product's name, used in every title, e-mail and label. */
export const PRODUCT_NAME = 'VendAI';

/** Prefix of gateway instance names (docs/product/data.md: prefix + last 4 of phone + last 4 of timestamp). */
export const INSTANCE_PREFIX = 'vendai';
