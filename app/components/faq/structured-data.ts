/** The FAQ page as schema.org FAQPage structured data (questions with plain-text answers). */
export function faqPageJsonLd(items: { question: string; answerText: string }[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answerText },
    })),
  };
}
