import { useState } from "react";
import type { CategoryOption } from "#kernel/catalogue.ts";
import { useOnChange } from "./use-on-change.ts";

export type CategoryChoice = {
  /** The #Code chosen in the category section (all-numbers pages). */
  chosen: CategoryOption | null;
  categoryId: string | null;
  choose: (category: CategoryOption) => void;
  /** 'Please choose a category below for … before reserving.', said in the category section. */
  prompt: string | null;
  setPrompt: (prompt: string | null) => void;
};

/** The chosen #Code and the prompt asking for one; a new `resetKey` clears both. */
export function useCategoryChoice(resetKey: string): CategoryChoice {
  const [chosen, setChosen] = useState<CategoryOption | null>(null);
  const [prompt, setPrompt] = useState<string | null>(null);
  useOnChange(resetKey, () => {
    setChosen(null);
    setPrompt(null);
  });

  const choose = (category: CategoryOption) => {
    setChosen(category);
    setPrompt(null);
  };

  return { chosen, categoryId: chosen?.id ?? null, choose, prompt, setPrompt };
}
