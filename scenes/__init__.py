"""Screens: title, game select, seat setup, tables, pause, results, rules, settings."""
