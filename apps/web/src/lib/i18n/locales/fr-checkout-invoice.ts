import type { enCheckoutInvoice } from './en-checkout-invoice';

/** The checkout's invoice fields' strings (see en-checkout-invoice.ts). */
export const frCheckoutInvoice: typeof enCheckoutInvoice = {
  checkoutInvoice: {
    hint: 'La facture est établie au nom de cette société et émise une fois la commande payée. Elle ne peut plus être modifiée ensuite.',
    nameRequired: 'Indiquez le nom de la société à facturer.',
    refused: 'Vérifiez ce champ.',
  },
};

export default frCheckoutInvoice;
