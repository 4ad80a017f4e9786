"""Law 70 as data: citations, the rules that make a claimer play normal, and profiles."""
