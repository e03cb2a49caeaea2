"""The scoring app's reads of a score sheet's pages."""
