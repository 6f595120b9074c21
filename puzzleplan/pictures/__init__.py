"""Pictures of puzzle states: a renderer-independent scene model (scene), each puzzle's Drawing (drawing, and
drawings/ with the table that names one per puzzle), and renderers: SVG (svg), PNG and GIF with Pillow
(raster), one animated SVG (animated), and a self-contained HTML player (player). They know nothing of
planners; Pillow is imported only by the functions that write PNG or GIF."""
