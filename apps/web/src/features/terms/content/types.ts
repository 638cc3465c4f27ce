export interface TermsDocument {
  updated: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}
