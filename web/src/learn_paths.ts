// The Learn section's addresses: /learn (every game's courses), /learn/<game>
// (one game's), and a step: /learn/<game>/<step> in the game's default
// variant, /learn/<game>/<variant>/<step> in another.
export const mapPath = (game?: string) => (game ? `/learn/${game}` : '/learn');

export function lessonPath(game: string, variant: string, step: string): string {
  return variant ? `/learn/${game}/${variant}/${step}` : `/learn/${game}/${step}`;
}
