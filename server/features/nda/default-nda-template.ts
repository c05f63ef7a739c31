/**
 * The mutual NDA the portal offers until an employee saves a template of their own: version 1.
 * "The Provider" is the ERP provider running the portal; "the Customer" is the organization whose
 * member signs. The PDF adds the parties' names and signatures below the text.
 */
export const DEFAULT_NDA_TEMPLATE = {
  version: 1,
  title: "Mutual Non-Disclosure Agreement",
  body: `This Mutual Non-Disclosure Agreement (the "Agreement") is entered into between the provider of the ERP subscription and onboarding services offered through this portal (the "Provider") and the organization on whose behalf this Agreement is signed (the "Customer"). The Provider and the Customer are each a "Party" and together the "Parties". The Agreement takes effect on the date the Customer signs it (the "Effective Date").

1. Purpose. The Parties wish to exchange information in order to evaluate, plan and carry out the Customer's onboarding to and use of the Provider's ERP subscription, including pricing, business requirements, data migration and system configuration (the "Purpose").

2. Confidential Information. "Confidential Information" means any non-public information disclosed by one Party (the "Discloser") to the other Party (the "Recipient"), in any form, before or after the Effective Date, that is marked or identified as confidential or that a reasonable person would understand to be confidential given its nature and the circumstances of disclosure. It includes business plans, financial information, pricing and proposals, customer, supplier and employee data, product plans, software, system designs, configuration data, data extracts and the terms of this Agreement.

3. Exclusions. Confidential Information does not include information that the Recipient can show (a) is or becomes publicly available through no fault of the Recipient; (b) was lawfully known to the Recipient without restriction before it was disclosed; (c) is lawfully received from a third party without a duty of confidentiality; or (d) is independently developed by the Recipient without use of or reference to the Discloser's Confidential Information.

4. Obligations. The Recipient shall (a) use the Discloser's Confidential Information only for the Purpose; (b) not disclose it to anyone other than its and its affiliates' employees, officers, contractors and professional advisers who need to know it for the Purpose and who are bound by confidentiality obligations at least as protective as this Agreement; and (c) protect it with at least the degree of care it uses for its own information of a similar nature, and no less than reasonable care. The Recipient is responsible for any breach of this Agreement by the persons to whom it discloses Confidential Information.

5. Compelled Disclosure. The Recipient may disclose Confidential Information to the extent required by law, regulation or court order, provided that, where legally permitted, it gives the Discloser prompt written notice and reasonable assistance so that the Discloser may seek a protective order or other remedy, and discloses only the part that is legally required.

6. Personal Data. Where Confidential Information includes personal data, each Party shall process it only for the Purpose and in accordance with the data protection laws that apply to it.

7. Return and Destruction. On the Discloser's written request, or when the Purpose ends, the Recipient shall promptly return or destroy the Discloser's Confidential Information, except for copies kept in routine backups or required to be retained by law, which remain subject to this Agreement for as long as they are kept.

8. No License or Warranty. All Confidential Information remains the property of the Discloser. Nothing in this Agreement grants any license or other right in it except as expressly stated. Confidential Information is provided "as is", without warranty of any kind.

9. No Obligation. This Agreement does not oblige either Party to disclose any particular information or to enter into any further agreement or transaction.

10. Term. This Agreement remains in effect for two (2) years from the Effective Date unless replaced by a subsequent written agreement between the Parties. The obligations in sections 4 to 7 survive for three (3) years after the Agreement ends, and for trade secrets for as long as they remain trade secrets under applicable law.

11. Remedies. Unauthorized use or disclosure of Confidential Information may cause the Discloser irreparable harm for which damages would not be an adequate remedy. The Discloser is therefore entitled to seek injunctive relief in addition to any other remedies available at law or in equity.

12. General. This Agreement is the entire agreement between the Parties about its subject matter and supersedes all prior discussions about it. It may be amended only in writing signed by both Parties. Neither Party may assign it without the other Party's prior written consent, except to a successor to substantially all of its business. If any provision is held unenforceable, the remaining provisions remain in effect. This Agreement may be signed electronically and in counterparts, each of which is an original and all of which together are one agreement.

By signing below, each Party's signer confirms that they have read this Agreement and are authorized to sign it on behalf of their Party.`,
} as const;
