import { useState } from "react";
import { useOnChange } from "./use-on-change.ts";

export type CategoryChoice = {
  /** The #Code chosen in the category section (vanity and all-numbers pages). */
  categoryId: string | null;
  choose: (categoryId: string) => void;
  /** 'Please choose a category below for … before reserving.', said in the category section. */
  prompt: string | null;
  setPrompt: (prompt: string | null) => void;
};

/** The chosen #Code and the prompt asking for one; a new `resetKey` clears both. */
export function useCategoryChoice(resetKey: string): CategoryChoice {
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<string | null>(null);
  useOnChange(resetKey, () => {
    setCategoryId(null);
    setPrompt(null);
  });

  const choose = (id: string) => {
    setCategoryId(id);
    setPrompt(null);
  };

  return { categoryId, choose, prompt, setPrompt };
}
