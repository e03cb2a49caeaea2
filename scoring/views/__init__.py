"""Pages of the scoring app: score entry (``sheets``) and standings (``standings``)."""
