"""Things drawn on screen: cards, tokens, birds, the focus ring."""
