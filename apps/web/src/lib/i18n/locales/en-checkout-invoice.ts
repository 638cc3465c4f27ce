/**
 * The checkout's invoice fields' strings, inside the chunk loaded when the buyer asks for an invoice
 * (features/buyer/checkout-invoice.tsx): the buyer's event page has a size budget with no room for them.
 */
export const enCheckoutInvoice = {
  checkoutInvoice: {
    hint: 'The invoice is made out to this company and issued once the order is paid. It cannot be changed afterwards.',
    nameRequired: 'Give the name of the company to invoice.',
    refused: 'Check this field.',
  },
};

export default enCheckoutInvoice;
