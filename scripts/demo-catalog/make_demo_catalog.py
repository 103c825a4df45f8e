#!/usr/bin/env python3
"""Generate Whisk's demo catalog: api/demo/catalog.json and api/demo/images/*.png.

Deterministic: the product data below is fixed and every random choice (colours,
small decorative variations) comes from random.Random(SEED).

Usage (from anywhere):
    pip install pillow && python3 scripts/demo-catalog/make_demo_catalog.py
"""

from __future__ import annotations

import json
import math
import random
import re
import sys
from pathlib import Path

try:
    from PIL import Image, ImageDraw, ImageFilter, ImageFont
except ImportError:  # pragma: no cover - friendly message only
    sys.exit("Pillow is required: pip install pillow")

SEED = 20240611
ROOT = Path(__file__).resolve().parents[2]
OUT_DIR = ROOT / "api" / "demo"
IMG_DIR = OUT_DIR / "images"

SIZE = 600          # final image size
SCALE = 2           # draw at 2x, then downsample for smooth edges
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
FONT_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

TEXT_DARK = "#2B2631"

# ---------------------------------------------------------------------------
# Catalog data
# ---------------------------------------------------------------------------

CATEGORIES = [
    ("Flours", "Atta, maida, bread and speciality flours, from 1 kg home packs to 25 kg bakery sacks."),
    ("Ingredients", "Chocolate, cocoa, leaveners, flavours, colours and sprinkles for everyday and professional baking."),
    ("Cake Mixes", "Ready premixes for eggless cakes, brownies, muffins and pancakes that only need water, oil or milk."),
    ("Molds", "Cake tins, silicone molds, loaf pans and trays in the sizes Indian home bakers and bakeries use most."),
    ("Decorating Tools", "Piping nozzles, bags, turntables, spatulas and pro equipment for finishing cakes neatly."),
    ("Packaging", "Cake boxes, cupcake boxes, boards, liners and ribbons to deliver bakes safely and beautifully."),
    ("Candles", "Number candles, birthday candles and sparklers to put the finishing glow on every celebration cake."),
    ("Toppers", "Acrylic, glitter and edible cake toppers for birthdays, anniversaries and weddings."),
    ("Party Accessories", "Balloons, buntings, party hats and tableware to dress up the party around the cake."),
]

# Each product: title, company, description, price, sellingPrice, stock, featured, label, extra
# `label` is the 2-3 word text printed on the image; `extra` holds drawing hints only.
P = []


def prod(cat, title, company, desc, price, selling, stock, featured=False, label="", **extra):
    P.append(dict(category=cat, title=title, company=company, description=desc,
                  price=price, sellingPrice=selling, stock=stock, featured=featured,
                  label=label, extra=extra))


# --- Flours ---------------------------------------------------------------
C = "Flours"
prod(C, "Whole Wheat Atta 5 kg", "Annapurna Mills",
     "Stone-ground whole wheat atta milled from Sharbati wheat. Makes soft rotis and gives wholesome breads and cookies a nutty flavour.",
     330, 299, 142, True, "Wheat Atta", accent="#C9772B")
prod(C, "Bread Flour 1 kg", "Bakersville",
     "High-protein (12.5%) wheat flour for pav, sandwich loaves and pizza bases. Develops strong gluten for a tall rise and an open crumb.",
     95, 89, 186, label="Bread Flour", accent="#3E7CB1")
prod(C, "Maida Bulk Sack 25 kg", "Rasoi Gold",
     "Fine, bright refined flour in a 25 kg sack for bakeries and cloud kitchens. Consistent ash and moisture for cakes, khari and puffs.",
     1450, 1329, 18, label="Bulk Maida", accent="#B8433A")
prod(C, "French T65 Baguette Flour 25 kg", "Bakersville",
     "Imported French T65 flour for baguettes, sourdough and viennoiserie. A professional sack for bakeries that want an authentic crust and aroma.",
     6200, 5749, 7, label="T65 Flour", accent="#2F5D8A")
prod(C, "Blanched Almond Flour 500 g", "Kesar Valley Foods",
     "Finely milled blanched almonds for macarons, financiers and gluten-free cakes. Sieve before use for the smoothest shells.",
     749, 649, 3, label="Almond Flour", accent="#A0673A")
prod(C, "Multigrain Bread Flour 1 kg", "Annapurna Mills",
     "Wheat flour blended with oats, ragi, jowar, flax and sunflower seeds. Bakes a hearty multigrain loaf with no extra premix.",
     180, 165, 64, label="Multigrain Flour", accent="#6B8E3D")
prod(C, "Gluten-Free Flour Blend 1 kg", "Whisk Essentials",
     "A rice, sorghum and tapioca blend with psyllium that swaps 1:1 for maida in most cake and cookie recipes.",
     399, 349, 0, label="Gluten-Free Flour", accent="#8E5AA8")
prod(C, "Cake Flour 1 kg", "Bakersville",
     "Low-protein soft wheat flour for feather-light sponges and chiffon cakes. Gives a fine, tender crumb without cornflour tricks.",
     120, 110, 97, label="Cake Flour", accent="#D0587E")

# --- Ingredients ---------------------------------------------------------
C = "Ingredients"
prod(C, "Dark Compound Chocolate Slab 500 g", "Kokora Foods",
     "Easy-melt dark compound that needs no tempering. Ideal for ganache, glazes, drips and chocolate-coated treats.",
     260, 235, 210, True, "Dark Chocolate", content="#5A3422", accent="#7A2E2E")
prod(C, "Dark Couverture Chocolate 54% 5 kg", "Kokora Foods",
     "Professional 54% cocoa couverture callets for tempering, bonbons and mousse. Smooth melt and glossy snap in a 5 kg bakery pack.",
     6950, 6490, 4, label="Couverture 54%", content="#4A2A1C", accent="#3B2A4A")
prod(C, "Unsweetened Cocoa Powder 200 g", "Kokora Foods",
     "Rich, deep-brown natural cocoa for brownies, chocolate sponges and hot cocoa. Sift with the flour for an even colour.",
     240, 215, 158, label="Cocoa Powder", content="#6B3F2A", accent="#B5651D")
prod(C, "Instant Dry Yeast 500 g", "Bakersville",
     "Fast-acting instant yeast that mixes straight into the flour, no proofing needed. Store in the fridge after opening.",
     260, 229, 120, label="Instant Yeast", content="#E6C98F", accent="#C0392B")
prod(C, "Pure Vanilla Extract 50 ml", "Kesar Valley Foods",
     "Alcohol-based extract of Madagascar vanilla beans. A teaspoon lifts cakes, custards and buttercream.",
     499, 449, 75, label="Vanilla Extract", content="#8B5A2B", accent="#2E7D5B")
prod(C, "Double Acting Baking Powder 100 g", "Rasoi Gold",
     "Aluminium-free double-acting baking powder for reliable rise in eggless cakes, muffins and cookies.",
     55, 49, 240, label="Baking Powder", content="#F4F1EA", accent="#2F6DB5")
prod(C, "Gel Food Colour Set (pack of 12)", "Sugarcraft India",
     "Twelve concentrated gel colours for buttercream, fondant and royal icing. A drop gives vivid shades without thinning the icing.",
     650, 549, 88, label="Gel Colours", content="rainbow", accent="#D0587E")
prod(C, "Rainbow Sprinkles Jar 100 g", "Sugarcraft India",
     "Bright rainbow jimmies that hold their colour in the oven. Perfect for cupcakes, donuts and birthday cakes.",
     120, 99, 165, label="Rainbow Sprinkles", content="sprinkles", accent="#7E57C2")
prod(C, "Non-Dairy Whipping Cream 1 L", "Whisk Essentials",
     "Vegetable-fat whipping cream that whips to stiff, stable peaks for frosting and filling cakes. Keep chilled; whip cold.",
     290, 255, 60, label="Whipping Cream", content="#FBF8F0", accent="#4A90C2")

# --- Cake Mixes -----------------------------------------------------------
C = "Cake Mixes"
prod(C, "Eggless Chocolate Cake Premix 1 kg", "Bakersville",
     "Just add water and oil for a moist, fudgy eggless chocolate sponge. One pack makes about 2.5 kg of cake.",
     340, 299, 134, True, "Chocolate Premix", sponge="#6B3F2A", box="#7A4A32")
prod(C, "Eggless Vanilla Sponge Premix 1 kg", "Bakersville",
     "A soft, even-crumb vanilla sponge that is the base for black forest, pineapple and fresh fruit cakes.",
     310, 279, 118, label="Vanilla Premix", sponge="#F2D28B", box="#E2A93B")
prod(C, "Red Velvet Cake Premix 500 g", "Kokora Foods",
     "Deep red cocoa sponge mix with a subtle buttermilk tang. Pair with cream cheese frosting for the classic look.",
     260, 235, 72, label="Red Velvet Mix", sponge="#B3263A", box="#9E2238")
prod(C, "Fudge Brownie Mix 500 g", "Kokora Foods",
     "Dense, chewy brownies with a crackly top in 30 minutes. Stir in walnuts or chocolate chips for extra crunch.",
     280, 249, 95, label="Brownie Mix", sponge="#4E2C1E", box="#5D3A2A")
prod(C, "Eggless Chocolate Cake Premix Bulk 5 kg", "Bakersville",
     "Bakery pack of our best-selling eggless chocolate premix. Consistent batch after batch for cakes, pastries and cupcakes.",
     1550, 1399, 23, label="Bulk Premix", sponge="#5E3626", box="#3F5D7A")
prod(C, "Pancake & Waffle Mix 500 g", "Whisk Essentials",
     "Fluffy pancakes and crisp waffles with just milk and butter. Makes about 14 medium pancakes.",
     199, 179, 81, label="Pancake Mix", sponge="#E8B86A", box="#3C8D7A")
prod(C, "Whole Wheat Jaggery Cake Mix 400 g", "Annapurna Mills",
     "Atta and jaggery tea-cake mix with a hint of cardamom. No maida and no refined sugar.",
     225, 199, 44, label="Jaggery Cake Mix", sponge="#B27A3E", box="#8A6A2F")
prod(C, "Blueberry Muffin Mix 500 g", "Bakersville",
     "Tender muffins with real dried blueberries. Makes 12 bakery-style muffins with domed tops.",
     290, 259, 2, label="Muffin Mix", sponge="#E9C98E", box="#4B5BA8")

# --- Molds -----------------------------------------------------------------
C = "Molds"
prod(C, "Silicone Savarin Mold 8 inch", "Chefmate",
     "Food-grade silicone ring mold for savarin, bundt-style cakes and jelly rings. Oven-safe to 230 °C and flexes for easy release.",
     549, 449, 56, True, "Savarin Mold", shape="bundt", metal="#D9475F")
prod(C, "Aluminium Round Cake Tin 6 inch", "Whisk Essentials",
     "Seamless anodised aluminium tin, 3 inch deep, for half-kilo cakes. Bakes evenly without dark edges.",
     299, 249, 190, label="Round Tin", shape="round")
prod(C, "Non-Stick Springform Pan 9 inch", "Chefmate",
     "Leak-resistant springform with a removable base for cheesecakes and tortes. Non-stick coating, latch release.",
     899, 749, 31, label="Springform Pan", shape="round", metal="#5B6470")
prod(C, "Non-Stick Loaf Tin 9x5 inch", "Chefmate",
     "Carbon-steel loaf tin for pound cakes, banana bread and sandwich loaves. Rolled edges stay rigid in the oven.",
     449, 389, 77, label="Loaf Tin", shape="loaf", metal="#4F5863")
prod(C, "Non-Stick Muffin Tray 12 Cup", "Bakersville",
     "Heavy-gauge 12-cup tray for cupcakes and muffins. Use with paper liners or grease lightly.",
     799, 699, 40, label="Muffin Tray", shape="tray", metal="#59626D")
prod(C, "Silicone Chocolate Mold Hearts (pack of 2)", "Sugarcraft India",
     "Two flexible 15-cavity heart molds for chocolates, jelly and fondant accents. Freezer and dishwasher safe.",
     249, 199, 132, label="Heart Mold", shape="tray", metal="#E06C9F", cavity="heart")
prod(C, "Aluminium Sheet Pan Set 18x26 inch (pack of 6)", "Bakersville",
     "Full-size commercial sheet pans in 1.2 mm aluminium for deck and rack ovens. Reinforced rims resist warping.",
     7800, 6999, 4, label="Sheet Pans", shape="sheet")
prod(C, "Heart Shape Cake Tin 8 inch", "Whisk Essentials",
     "A 1 kg heart-shaped aluminium tin for anniversary and Valentine's cakes. 2 inch deep, easy to line.",
     399, 349, 66, label="Heart Tin", shape="heart")

# --- Decorating Tools ----------------------------------------------------
C = "Decorating Tools"
prod(C, "Wilton 1M Open Star Nozzle", "Wilton",
     "The classic open star tip for rosettes, swirls on cupcakes and shell borders. Stainless steel, fits standard couplers.",
     250, 219, 96, True, "Star Nozzle", frosting="#F29BB5")
prod(C, "Wilton 2D Closed Star Nozzle", "Wilton",
     "Closed star tip with deep grooves for crisp drop flowers and textured swirls. Stainless steel, fits standard couplers.",
     250, 219, 48, label="Closed Star", frosting="#8FC7E8")
prod(C, "Disposable Piping Bags 12 inch (pack of 100)", "Pack & Bake",
     "Strong, non-slip piping bags that hold firm buttercream and ganache without bursting. Cut the tip to fit any nozzle.",
     349, 299, 205, label="Piping Bags", frosting="#F6C667")
prod(C, "Revolving Cake Turntable 12 inch", "Chefmate",
     "Smooth ball-bearing turntable with a non-slip base for level frosting and smooth sides.",
     699, 549, 58, label="Cake Turntable", frosting="#B8E0C2")
prod(C, "Stainless Offset Spatula 10 inch", "Chefmate",
     "Flexible angled spatula for spreading buttercream and lifting cake layers. Comfortable polypropylene handle.",
     249, 199, 144, label="Offset Spatula", frosting="#F4A582")
prod(C, "Piping Nozzle Set 24 pieces with Coupler", "Sugarcraft India",
     "24 stainless nozzles (stars, rounds, petals, leaves, basket weave) with a coupler and storage box.",
     599, 499, 83, label="Nozzle Set", frosting="#C9A7E8")
prod(C, "Stand Mixer Attachment Set 5 L (3 pieces)", "Bakersville",
     "Stainless steel wire whisk, flat beater and dough hook for 5 L planetary mixers. Built for daily bakery use.",
     6499, 5799, 12, True, "Mixer Attachments", frosting="#FFE08A")
prod(C, "Airbrush Kit with Compressor for Cake Decorating", "Sugarcraft India",
     "Quiet single-action compressor with three gravity-feed airbrushes for gradients, stencils and shimmer. For pro cake studios.",
     14500, 12999, 2, label="Airbrush Kit", frosting="#7FD3C7")

# --- Packaging -------------------------------------------------------------
C = "Packaging"
prod(C, "Kraft Cake Box 10x10x5 inch (pack of 10)", "Pack & Bake",
     "Food-grade kraft boxes with a fold-lock lid for 1 kg cakes. Grease-resistant inner coat keeps the base clean.",
     420, 369, 160, True, "Kraft Cake Box", box="#C89B6D", ribbon="#B8433A")
prod(C, "White Cake Box with Window 8x8x5 inch (pack of 10)", "Gulmohar Packaging",
     "Bright white boxes with a clear window for half-kilo cakes and pastries. Ships flat, folds in seconds.",
     380, 329, 110, label="Window Box", box="#FAFAF7", ribbon="#D0587E")
prod(C, "Cupcake Box 6 Cavity with Insert (pack of 10)", "Pack & Bake",
     "Holds six cupcakes upright with a die-cut insert. Window lid shows off the frosting.",
     450, 399, 74, label="Cupcake Box", box="#F7E1E8", ribbon="#8E5AA8")
prod(C, "Paper Cupcake Liners Standard (pack of 50)", "Pack & Bake",
     "Greaseproof standard-size liners that keep their colour after baking. Fit regular 12-cup muffin trays.",
     39, 29, 250, label="Cupcake Liners", box="#FFF4D6", ribbon="#3E9C8F")
prod(C, "Round Gold Cake Board 10 inch (pack of 5)", "Gulmohar Packaging",
     "Sturdy 3 mm gold-laminated boards for 1 to 1.5 kg cakes. Food-safe surface.",
     199, 175, 138, label="Cake Board", box="#E9CF8A", ribbon="#2F5D8A")
prod(C, "Kraft Brownie Box with Window (pack of 20)", "Gulmohar Packaging",
     "Snug boxes for four brownies or six cookies with a clear window and a tuck-in lid.",
     520, 459, 92, label="Brownie Box", box="#B98B5E", ribbon="#F2C14E")
prod(C, "Satin Ribbon Roll 1 inch x 25 m", "Pack & Bake",
     "Double-faced satin ribbon to tie cake boxes and hamper packs. Holds a neat bow.",
     149, 129, 175, label="Satin Ribbon", box="#FFFFFF", ribbon="#C2185B")
prod(C, "Tall Cake Box 12x12x14 inch (pack of 5)", "Gulmohar Packaging",
     "Extra-tall boxes for two-tier and fault-line cakes. Side-opening front makes lifting the cake in easy.",
     699, 599, 0, label="Tall Cake Box", box="#F5F5F0", ribbon="#2E7D5B", tall=True)

# --- Candles ---------------------------------------------------------------
C = "Candles"
prod(C, "Number Candle 5 Rose Gold", "Diya Candles",
     "Rose-gold metallic number 5 candle, 3 inch tall with a clean-burning wick. Lasts through several celebrations.",
     69, 59, 120, True, "Number 5", digit="5", wax="#E8A598")
prod(C, "Number Candle 1 Gold Glitter", "Diya Candles",
     "Glittery gold number 1 candle for first birthdays and milestones. 3 inch tall.",
     69, 55, 98, label="Number 1", digit="1", wax="#E3B341")
prod(C, "Number Candle 0 Silver", "Diya Candles",
     "Silver metallic number 0 candle to pair with any digit for 10th, 20th or 50th birthdays.",
     69, 59, 0, label="Number 0", digit="0", wax="#BFC6CF")
prod(C, "Spiral Birthday Candles (pack of 24)", "Diya Candles",
     "Slim twisted candles in assorted pastel colours with holders included.",
     60, 49, 230, label="Spiral Candles", wax="#8FC7E8")
prod(C, "Sparkle Fountain Candles (pack of 4)", "Utsav Party Co.",
     "Smokeless ice-fountain sparklers that burn for about 45 seconds. For outdoor and well-ventilated indoor use.",
     120, 99, 140, label="Sparkle Candles", wax="#F6C667")
prod(C, "Musical Lotus Candle Rotating", "Utsav Party Co.",
     "The party classic: a lotus that blooms open, spins and plays Happy Birthday while its candles burn.",
     199, 149, 64, label="Lotus Candle", wax="#F29BB5")
prod(C, "Metallic Long Candles Gold (pack of 12)", "Diya Candles",
     "Tall 5 inch metallic gold candles that add height and shine to tiered cakes.",
     99, 85, 187, label="Long Candles", wax="#E3B341")
prod(C, "Happy Birthday Letter Candles Pastel (set of 13)", "Diya Candles",
     "Pastel letter candles that spell HAPPY BIRTHDAY across the cake. Each comes on its own pick.",
     129, 109, 4, label="Letter Candles", wax="#B8E0C2")

# --- Toppers ---------------------------------------------------------------
C = "Toppers"
prod(C, "Happy Birthday Acrylic Topper Gold", "Topper Tales",
     "Mirror-gold acrylic topper in flowing script, 6 inch wide. Reusable; wipe clean with a dry cloth.",
     199, 149, 175, True, "Birthday Topper", topper="text", lines=["Happy", "Birthday"], colour="#D4A437")
prod(C, "Happy Anniversary Acrylic Topper Rose Gold", "Topper Tales",
     "Rose-gold mirror acrylic topper for anniversary cakes, 6 inch wide on twin sticks.",
     199, 149, 62, label="Anniversary Topper", topper="text", lines=["Happy", "Anniversary"], colour="#D98C7A")
prod(C, "Mr & Mrs Wedding Topper Gold Mirror", "Topper Tales",
     "Elegant Mr & Mrs topper in gold mirror acrylic for wedding and engagement cakes.",
     349, 299, 1, label="Mr & Mrs", topper="text", lines=["Mr & Mrs"], colour="#D4A437")
prod(C, "Star Cupcake Toppers Gold (pack of 24)", "Utsav Party Co.",
     "Glittery gold star picks for cupcakes and cake tops. Card stock on food-safe sticks.",
     149, 119, 210, label="Star Toppers", topper="star", colour="#E3B341")
prod(C, "Crown Topper Gold Glitter", "Sugarcraft India",
     "A sparkly crown for a little prince's or princess's cake. Sturdy glitter card on a stick.",
     129, 99, 88, label="Crown Topper", topper="crown", colour="#E3B341")
prod(C, "Edible Butterfly Wafer Toppers (pack of 20)", "Sugarcraft India",
     "Pre-cut printed wafer butterflies in pastel shades. Press lightly onto buttercream or ganache.",
     249, 199, 3, label="Butterfly Toppers", topper="butterfly", colour="#9C7BD6")
prod(C, "Red Glitter Heart Toppers (pack of 5)", "Utsav Party Co.",
     "Red glitter heart picks in three sizes for anniversary and Valentine's cakes.",
     99, 79, 150, label="Heart Toppers", topper="heart", colour="#D7263D")
prod(C, "Personalised Name Topper Acrylic 6 inch", "Topper Tales",
     "Your name or message laser-cut in gold mirror acrylic. Dispatched within 2 working days.",
     599, 499, 25, label="Name Topper", topper="text", lines=["Aanya"], colour="#C9A227")

# --- Party Accessories -----------------------------------------------------
C = "Party Accessories"
prod(C, "Foil Balloon Set Pastel (pack of 12)", "Utsav Party Co.",
     "Twelve 18 inch round foil balloons in soft pastels. Fill with helium or air; ribbon included.",
     349, 299, 120, True, "Foil Balloons")
prod(C, "Happy Birthday Bunting Banner Gold", "Utsav Party Co.",
     "Gold glitter card bunting spelling HAPPY BIRTHDAY on a 2.5 m ribbon. Ready to hang.",
     199, 149, 154, label="Birthday Bunting")
prod(C, "Metallic Latex Balloons (pack of 50)", "Utsav Party Co.",
     "Pearl-finish 10 inch latex balloons in mixed metallic colours for arches and ceiling clusters.",
     299, 249, 198, label="Latex Balloons")
prod(C, "Paper Party Hats (pack of 10)", "Utsav Party Co.",
     "Bright cone party hats with elastic straps and pom-poms. Fit kids and adults.",
     180, 149, 83, label="Party Hats")
prod(C, "Gold Cake Knife & Server Set", "Chefmate",
     "A gold-finish stainless steel knife and server for cutting the cake in style. Comes in a gift box.",
     399, 329, 41, label="Cake Knife Set")
prod(C, "Confetti Party Poppers (pack of 2)", "Utsav Party Co.",
     "Twist-to-pop tubes that burst into metallic confetti. No gunpowder; safe for indoor use.",
     160, 129, 112, label="Party Poppers")
prod(C, "Warm White LED Fairy Lights 3 m", "Diya Candles",
     "Battery-powered copper-wire fairy lights for backdrops, jars and cake tables.",
     249, 199, 95, label="Fairy Lights")
prod(C, "Balloon Arch Garland Kit (100 pieces)", "Utsav Party Co.",
     "Everything for a balloon arch: 100 balloons in four sizes, arch strip, glue dots and tying tool.",
     899, 749, 37, label="Balloon Arch")

# ---------------------------------------------------------------------------
# Colours
# ---------------------------------------------------------------------------

# (top, bottom) soft background gradients
BACKGROUNDS = [
    ("#FFF1E0", "#FAD3AE"),  # peach
    ("#E8F3FD", "#BCD8F3"),  # sky
    ("#EAF6EC", "#BFE2C6"),  # mint
    ("#FDEAF1", "#F5BFD2"),  # pink
    ("#F4EAF8", "#D9C0EA"),  # lavender
    ("#FFF9E6", "#F9E2A6"),  # butter
    ("#E6F8FA", "#AEE0E6"),  # aqua
    ("#FDEEEA", "#F4C4B6"),  # coral
    ("#EEEAF9", "#C9C1EE"),  # periwinkle
    ("#F2F8EA", "#D3E7B6"),  # pistachio
    ("#EEF1F4", "#CBD5DE"),  # mist
    ("#FFF0F5", "#EBC6D8"),  # rose
]

PARTY = ["#F29BB5", "#8FC7E8", "#F6C667", "#B8E0C2", "#C9A7E8", "#F4A582", "#7FD3C7"]
METAL = "#AEB7C1"


def hex_rgb(h: str) -> tuple[int, int, int]:
    h = h.lstrip("#")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def shade(h: str, f: float) -> tuple[int, int, int]:
    """f < 0 darkens towards black, f > 0 lightens towards white."""
    r, g, b = hex_rgb(h) if isinstance(h, str) else h
    if f < 0:
        return tuple(int(c * (1 + f)) for c in (r, g, b))
    return tuple(int(c + (255 - c) * f) for c in (r, g, b))


# ---------------------------------------------------------------------------
# Drawing helpers (coordinates in 600-space, scaled by SCALE)
# ---------------------------------------------------------------------------

def S(v):
    return int(round(v * SCALE))


def pts(points):
    return [(S(x), S(y)) for x, y in points]


class Pen:
    def __init__(self, img: Image.Image):
        self.img = img
        self.d = ImageDraw.Draw(img)

    def rect(self, x0, y0, x1, y1, fill, r=0):
        if r:
            self.d.rounded_rectangle((S(x0), S(y0), S(x1), S(y1)), radius=S(r), fill=fill)
        else:
            self.d.rectangle((S(x0), S(y0), S(x1), S(y1)), fill=fill)

    def ellipse(self, x0, y0, x1, y1, fill):
        self.d.ellipse((S(x0), S(y0), S(x1), S(y1)), fill=fill)

    def circle(self, cx, cy, r, fill):
        self.ellipse(cx - r, cy - r, cx + r, cy + r, fill)

    def poly(self, points, fill):
        self.d.polygon(pts(points), fill=fill)

    def line(self, points, fill, w):
        self.d.line(pts(points), fill=fill, width=S(w), joint="curve")
        for x, y in (points[0], points[-1]):  # round caps
            self.circle(x, y, w / 2, fill)

    def oval(self, cx, cy, rx, ry, angle, fill):
        self.poly(ellipse_points(cx, cy, rx, ry, angle), fill)


def ellipse_points(cx, cy, rx, ry, angle=0.0, n=72):
    a = math.radians(angle)
    out = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        out.append((cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)))
    return out


def heart_points(cx, cy, size, n=90):
    out = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        out.append((cx + x * size / 16, cy - y * size / 16))
    return out


def star_points(cx, cy, r_out, r_in, n=5, rot=-90):
    out = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180 / n)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def font(size_600: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_BOLD), S(size_600))


def soft_shadow(img: Image.Image, box, alpha=70, blur=10):
    layer = Image.new("L", img.size, 0)
    ImageDraw.Draw(layer).ellipse([S(v) for v in box], fill=alpha)
    layer = layer.filter(ImageFilter.GaussianBlur(S(blur)))
    dark = Image.new("RGB", img.size, (60, 45, 60))
    img.paste(dark, (0, 0), layer)


def glow(img: Image.Image, cx, cy, r, colour, alpha=150):
    layer = Image.new("L", img.size, 0)
    ImageDraw.Draw(layer).ellipse((S(cx - r), S(cy - r), S(cx + r), S(cy + r)), fill=alpha)
    layer = layer.filter(ImageFilter.GaussianBlur(S(r / 2.5)))
    img.paste(Image.new("RGB", img.size, hex_rgb(colour)), (0, 0), layer)


def flame(pen: Pen, cx, base_y, h=44):
    """Teardrop flame whose bottom sits at base_y."""
    w = h * 0.42
    outer = [(cx, base_y - h)]
    for i in range(0, 181, 10):  # round bottom half-circle
        a = math.radians(i)
        outer.append((cx + w * math.cos(a), base_y - w + w * math.sin(a)))
    pen.poly(outer, "#F39C32")
    w2, h2 = w * 0.55, h * 0.6
    inner = [(cx, base_y - h2 - 2)]
    for i in range(0, 181, 10):
        a = math.radians(i)
        inner.append((cx + w2 * math.cos(a), base_y - 2 - w2 + w2 * math.sin(a)))
    pen.poly(inner, "#FFE27A")


# ---------------------------------------------------------------------------
# Category illustrations. Each draws roughly within x 130..470, y 70..445.
# ---------------------------------------------------------------------------

def draw_flours(img, pen, p, rng):
    accent = p["extra"].get("accent", "#C9772B")
    sack, sack_dark = "#EED9B0", shade("#EED9B0", -0.16)
    soft_shadow(img, (175, 418, 425, 458))
    # top frill and tie
    pen.poly([(248, 128), (222, 80), (262, 98), (300, 74), (338, 98), (378, 80), (352, 128)], sack_dark)
    # body: tapered neck into a rounded sack
    pen.poly([(250, 120), (350, 120), (402, 190), (198, 190)], sack)
    pen.rect(188, 170, 412, 438, sack, r=46)
    pen.poly([(392, 200), (412, 230), (412, 392), (392, 430)], shade("#EED9B0", -0.07))  # side shade
    pen.rect(238, 114, 362, 134, shade(accent, -0.15), r=10)  # string
    pen.circle(300, 124, 12, shade(accent, -0.3))
    # label patch with a wheat emblem
    pen.rect(222, 232, 378, 392, accent, r=22)
    pen.rect(232, 242, 368, 382, shade(accent, 0.12), r=16)
    stem_top, stem_bot = 262, 368
    pen.line([(300, stem_top + 6), (300, stem_bot)], "#FFFFFF", 5)
    for i in range(5):
        y = stem_top + 14 + i * 18
        pen.oval(286, y, 16, 7, -40, "#FFFFFF")
        pen.oval(314, y, 16, 7, 40, "#FFFFFF")
    pen.oval(300, stem_top + 2, 7, 15, 0, "#FFFFFF")


def draw_ingredients(img, pen, p, rng):
    ex = p["extra"]
    accent = ex.get("accent", "#B5651D")
    content = ex.get("content", "#E6C98F")
    glass = "#F3F8FA"
    soft_shadow(img, (175, 420, 425, 458))
    pen.rect(232, 148, 368, 182, shade(glass, -0.06), r=8)  # neck
    pen.rect(186, 170, 414, 438, glass, r=54)                 # jar
    # contents
    if content in ("rainbow", "sprinkles"):
        pen.rect(198, 226, 402, 426, "#FFF8EE", r=44)
        cols = ["#E94F64", "#F6A623", "#F7D547", "#5DBB63", "#3FA7D6", "#8E5AA8", "#F29BB5"]
        if content == "rainbow":  # little gel bottles
            for i, c in enumerate(cols[:6]):
                x = 214 + i * 30
                pen.rect(x, 300, x + 24, 412, c, r=8)
                pen.rect(x + 6, 286, x + 18, 302, shade(c, -0.25), r=3)
        else:
            for _ in range(46):
                x, y = rng.uniform(214, 386), rng.uniform(240, 412)
                pen.oval(x, y, 12, 4.5, rng.uniform(0, 180), rng.choice(cols[:5]))
    else:
        pen.rect(198, 226, 402, 426, content, r=44)
        pen.rect(198, 226, 402, 244, shade(content, 0.15) if content != "#FBF8F0" else "#FFFFFF", r=9)
    # label
    pen.rect(222, 286, 378, 366, "#FFFFFF", r=14)
    pen.rect(222, 286, 378, 304, accent, r=8)
    pen.rect(222, 296, 378, 304, accent)
    pen.rect(248, 320, 352, 330, shade(accent, 0.45), r=5)
    pen.rect(264, 340, 336, 350, shade(accent, 0.6), r=5)
    # glass highlight
    pen.rect(204, 196, 218, 410, (255, 255, 255), r=7)
    # lid
    pen.rect(214, 108, 386, 156, accent, r=14)
    pen.rect(214, 140, 386, 156, shade(accent, -0.2), r=8)
    for x in range(232, 380, 18):
        pen.rect(x, 116, x + 6, 136, shade(accent, 0.18), r=3)


def cake_slice(pen, cx, cy, sponge, scale=1.0):
    """A wedge of layered cake, centred around (cx, cy)."""
    def T(x, y):
        return (cx + x * scale, cy + y * scale)
    cream = "#FFF6EA"
    # top face (frosting)
    pen.poly([T(-70, -26), T(70, -26), T(20, -62)], cream)
    # front face layers
    pen.poly([T(-70, -26), T(70, -26), T(70, 52), T(-70, 52)], sponge)
    pen.poly([T(-70, 6), T(70, 6), T(70, 18), T(-70, 18)], cream)
    pen.poly([T(-70, -26), T(70, -26), T(70, -14), T(-70, -14)], cream)
    # cherry
    x, y = T(16, -66)
    pen.line([(x, y), (x + 10 * scale, y - 26 * scale)], "#5E8C31", 3 * scale)
    pen.circle(x, y, 13 * scale, "#D7263D")
    pen.circle(x - 4 * scale, y - 4 * scale, 4 * scale, "#F47A8A")


def draw_cake_mixes(img, pen, p, rng):
    ex = p["extra"]
    box = ex.get("box", "#7A4A32")
    sponge = ex.get("sponge", "#6B3F2A")
    soft_shadow(img, (170, 418, 450, 458))
    # 3D box
    pen.poly([(180, 122), (228, 92), (438, 92), (390, 122)], shade(box, 0.22))   # top
    pen.poly([(390, 122), (438, 92), (438, 406), (390, 438)], shade(box, -0.22))  # side
    pen.rect(180, 122, 390, 438, box)                                             # front
    # top banner
    pen.rect(196, 140, 374, 178, "#FFFFFF", r=10)
    for i in range(5):
        pen.circle(222 + i * 32, 159, 6, shade(box, 0.35) if i % 2 else box)
    # plate + slice on a lighter disc so dark sponges still stand out
    pen.circle(285, 290, 84, shade(box, 0.3))
    pen.ellipse(206, 320, 364, 366, "#FFFFFF")
    pen.ellipse(222, 328, 348, 358, "#EDEDED")
    cake_slice(pen, 285, 292, sponge, 0.85)
    # bottom stripe
    pen.rect(180, 396, 390, 412, shade(box, -0.12))


def draw_molds(img, pen, p, rng):
    ex = p["extra"]
    shape = ex.get("shape", "round")
    metal = ex.get("metal", METAL)
    light, dark, darker = shade(metal, 0.35), shade(metal, -0.12), shade(metal, -0.28)
    soft_shadow(img, (150, 410, 450, 452))
    if shape in ("round", "bundt"):
        def wall_bottom(x):  # y of the wall's lower edge (ellipse centre 342, rx 140, ry 60)
            return 342 + 60 * math.sqrt(max(0.0, 1 - ((x - 300) / 140) ** 2))
        pen.ellipse(160, 290, 440, 410, dark)          # bottom edge
        pen.ellipse(160, 282, 440, 402, metal)
        pen.rect(160, 230, 440, 342, metal)            # wall
        pen.rect(178, 250, 194, wall_bottom(194) - 14, shade(metal, 0.22), r=8)  # highlight
        if shape == "bundt":
            for x in (222, 261, 300, 339, 378):      # flutes
                pen.rect(x - 6, 300, x + 6, wall_bottom(x) - 12, shade(metal, -0.1), r=6)
        pen.ellipse(160, 168, 440, 292, light)         # rim
        pen.ellipse(174, 178, 426, 282, darker)        # inside wall
        pen.ellipse(184, 196, 416, 284, dark)          # floor
        if shape == "bundt":                           # central tube with a hole
            pen.ellipse(256, 238, 344, 274, shade(metal, -0.05))
            pen.rect(256, 212, 344, 256, metal)
            pen.ellipse(256, 194, 344, 230, light)
            pen.ellipse(278, 203, 322, 221, darker)
    elif shape == "loaf":
        pen.poly([(176, 212), (424, 212), (400, 392), (200, 392)], metal)
        pen.poly([(176, 212), (210, 212), (226, 392), (200, 392)], shade(metal, 0.12))
        pen.poly([(390, 212), (424, 212), (400, 392), (376, 392)], dark)
        pen.poly([(146, 168), (454, 168), (430, 222), (170, 222)], light)   # rim
        pen.poly([(172, 178), (428, 178), (410, 214), (190, 214)], darker)  # inside
    elif shape == "heart":
        pen.poly(heart_points(300, 282, 150), dark)
        pen.poly(heart_points(300, 262, 150), light)
        pen.poly(heart_points(300, 266, 132), darker)
        pen.poly(heart_points(300, 276, 116), dark)
    else:  # tray / sheet (seen from above, slightly tilted)
        rows, cols = (3, 4)
        if shape == "sheet":
            for i in range(3):  # stacked sheet pans
                o = (2 - i) * 22
                pen.rect(140, 170 + o, 460, 370 + o, dark if i < 2 else metal, r=14)
                pen.rect(152, 180 + o, 448, 360 + o, darker if i < 2 else light, r=10)
            pen.rect(166, 192, 434, 346, shade(metal, 0.2), r=8)
            return
        pen.rect(138, 168, 462, 412, dark, r=26)
        pen.rect(138, 156, 462, 396, metal, r=26)
        pen.rect(152, 168, 448, 384, light, r=18)
        cavity = ex.get("cavity")
        for r in range(rows):
            for c in range(cols):
                cx, cy = 192 + c * 72, 208 + r * 72
                if cavity == "heart":
                    pen.poly(heart_points(cx, cy + 4, 28), dark)
                    pen.poly(heart_points(cx, cy + 8, 22), darker)
                else:
                    pen.circle(cx, cy, 28, dark)
                    pen.circle(cx, cy + 4, 22, darker)


def draw_decorating(img, pen, p, rng):
    frost = p["extra"].get("frosting", "#F29BB5")
    soft_shadow(img, (150, 420, 370, 456))
    # the piping bag is drawn upright on its own layer, then tilted
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    lp = Pen(layer)
    film = shade(frost, 0.72)
    belly = [(300 + 96 * math.cos(math.radians(a)), 178 + 70 * math.sin(math.radians(a)))
             for a in range(180, 361, 10)]
    lp.poly([(204, 178)] + belly + [(396, 178), (312, 372), (288, 372)], film)
    lp.poly([(214, 206), (386, 206), (310, 370), (290, 370)], frost)        # frosting inside
    lp.poly([(226, 214), (252, 214), (294, 360), (290, 364)], shade(frost, 0.35))
    lp.poly([(350, 214), (378, 214), (308, 364), (304, 360)], shade(frost, -0.12))
    # gathered, twisted top
    lp.poly([(266, 116), (334, 116), (316, 84), (284, 84)], shade(film, -0.08))
    lp.rect(282, 50, 318, 90, shade(film, -0.14), r=10)
    for y in (60, 72):
        lp.line([(284, y), (316, y + 8)], shade(film, -0.3), 2.5)
    # metal nozzle with star tip
    lp.poly([(280, 360), (320, 360), (309, 412), (291, 412)], "#C7CED6")
    lp.poly([(280, 360), (290, 360), (296, 412), (291, 412)], "#E8ECF0")
    lp.poly([(312, 360), (320, 360), (309, 412), (305, 412)], "#9AA4AF")
    lp.rect(276, 352, 324, 364, "#B3BCC6", r=4)
    layer = layer.rotate(-32, center=(S(300), S(230)), resample=Image.BICUBIC)
    img.paste(layer, (S(20), S(-22)), layer)
    # rosette of frosting piped below the tip
    cx = 226
    for (dx, y0, y1), f in [((66, 408, 448), -0.16), ((54, 394, 430), -0.04),
                            ((40, 380, 412), 0.08), ((24, 368, 394), 0.2)]:
        pen.ellipse(cx - dx, y0, cx + dx, y1, shade(frost, f))
    pen.poly([(cx - 12, 374), (cx + 12, 374), (cx + 2, 356)], shade(frost, 0.2))


def draw_packaging(img, pen, p, rng):
    ex = p["extra"]
    box, ribbon = ex.get("box", "#C89B6D"), ex.get("ribbon", "#B8433A")
    top_y = 168 if ex.get("tall") else 218
    soft_shadow(img, (160, 420, 460, 458))
    front, side, top = shade(box, -0.03), shade(box, -0.18), shade(box, 0.18)
    pen.poly([(164, top_y), (214, top_y - 34), (440, top_y - 34), (390, top_y)], top)
    pen.poly([(390, top_y), (440, top_y - 34), (440, 402), (390, 436)], side)
    pen.rect(164, top_y, 390, 436, front)
    # lid edge line
    pen.rect(164, top_y, 390, top_y + 14, shade(box, -0.1))
    # ribbons
    rb, rbd = ribbon, shade(ribbon, -0.2)
    pen.rect(266, top_y, 288, 436, rb)                                                 # front vertical
    pen.poly([(266, top_y), (288, top_y), (338, top_y - 34), (316, top_y - 34)], rb)    # top, front-back
    pen.poly([(189, top_y - 20), (414, top_y - 20), (420, top_y - 13), (182, top_y - 13)], rb)  # top, across
    pen.poly([(412, top_y - 17), (422, top_y - 23), (422, 408), (412, 414)], rbd)       # side vertical
    # bow
    bx, by = 302, top_y - 18
    pen.oval(bx - 30, by - 14, 32, 16, -25, rb)
    pen.oval(bx + 30, by - 14, 32, 16, 25, rb)
    pen.oval(bx - 30, by - 14, 16, 7, -25, rbd)
    pen.oval(bx + 30, by - 14, 16, 7, 25, rbd)
    pen.poly([(bx - 6, by - 6), (bx - 26, by + 26), (bx - 12, by + 22)], rbd)
    pen.poly([(bx + 6, by - 6), (bx + 26, by + 26), (bx + 12, by + 22)], rbd)
    pen.circle(bx, by - 8, 11, rbd)
    # small shop label on the front
    pen.rect(184, 372, 252, 418, "#FFFFFF", r=6)
    pen.rect(194, 384, 242, 390, shade(ribbon, 0.3), r=3)
    pen.rect(194, 399, 230, 405, "#C9C9C9", r=3)


def candle(pen, x, top, bottom, colour, w=34):
    pen.rect(x - w / 2, top, x + w / 2, bottom, colour, r=7)
    stripe = shade(colour, 0.55)
    y = top + 18
    while y < bottom - 8:
        pen.poly([(x - w / 2, y + 10), (x + w / 2, y - 4), (x + w / 2, y + 6), (x - w / 2, y + 20)], stripe)
        y += 34
    pen.rect(x - w / 2, top, x - w / 2 + 7, bottom, shade(colour, 0.25), r=3)
    pen.line([(x, top), (x, top - 14)], "#3B3338", 3)


def draw_candles(img, pen, p, rng):
    ex = p["extra"]
    wax = ex.get("wax", "#F29BB5")
    digit = ex.get("digit")
    soft_shadow(img, (180, 420, 420, 456))
    if digit:
        f = font(300)
        d = ImageDraw.Draw(img)
        bbox = d.textbbox((0, 0), digit, font=f, anchor="ls")
        w, h = bbox[2] - bbox[0], bbox[3] - bbox[1]
        base = S(432)
        x = S(300) - w / 2 - bbox[0]
        top = base + bbox[1]
        glow(img, 300, top / SCALE - 34, 56, "#FFE9A8", 170)
        pen = Pen(img)
        pen.line([(300, top / SCALE + 4), (300, top / SCALE - 14)], "#3B3338", 3)
        flame(pen, 300, top / SCALE - 10, 52)
        d = pen.d
        d.text((x + S(6), base + S(6)), digit, font=f, anchor="ls", fill=shade(wax, -0.35))
        d.text((x, base), digit, font=f, anchor="ls", fill=wax,
               stroke_width=S(5), stroke_fill=shade(wax, -0.2))
        d.text((x, base), digit, font=f, anchor="ls", fill=wax)
        # sparkle dots on the digit
        inner = Image.new("L", img.size, 0)
        ImageDraw.Draw(inner).text((x, base), digit, font=f, anchor="ls", fill=255)
        for _ in range(60):
            px, py = rng.uniform(bbox[0] + x, bbox[2] + x), rng.uniform(top, base)
            if inner.getpixel((int(px), int(py))) > 200:
                pen.circle(px / SCALE, py / SCALE, rng.uniform(1.5, 3.0), shade(wax, 0.6))
        return
    # a trio of birthday candles standing in a small cake slab
    heights = [(230, 160), (300, 120), (370, 175)]
    cols = [wax, rng.choice([c for c in PARTY if c != wax]), shade(wax, -0.08)]
    for (x, top), c in zip(heights, cols):
        glow(img, x, top - 30, 38, "#FFE9A8", 150)
    for (x, top), c in zip(heights, cols):
        candle(pen, x, top, 400, c)
        flame(pen, x, top - 10, 40)
    pen.rect(168, 384, 432, 440, "#FFF6EA", r=18)
    for i in range(8):
        pen.circle(186 + i * 33, 386, 15, "#FFF6EA")
    pen.rect(168, 420, 432, 440, shade(wax, 0.3), r=10)


def draw_toppers(img, pen, p, rng):
    ex = p["extra"]
    kind, colour = ex.get("topper", "star"), ex.get("colour", "#D4A437")
    dark = shade(colour, -0.3)
    soft_shadow(img, (180, 422, 420, 456))
    stick_top = 240
    if kind == "text":  # lay the words out first so the sticks meet the base bar
        lines = ex.get("lines", ["Happy"])
        size = 74 if len(lines) == 1 else 60
        f = font(size)
        while max(pen.d.textlength(t, font=f) for t in lines) > S(330):
            size -= 2
            f = font(size)
        ys = [170] if len(lines) == 1 else [136, 136 + size * 1.08]
        bottom = max(pen.d.textbbox((S(300), S(y)), t, font=f, anchor="mm")[3] / SCALE
                     for t, y in zip(lines, ys))
        stick_top = bottom + 16
    # sticks
    for x in (262, 338):
        pen.rect(x - 4, stick_top, x + 4, 352, shade(colour, -0.15), r=3)
    # cake
    frost = "#FFF6EA"
    cake_col = rng.choice(["#F7C8D6", "#CDE6F5", "#F8DEA8", "#D5C6EE", "#CFEBD3"])
    pen.ellipse(186, 392, 414, 444, shade(cake_col, -0.08))
    pen.rect(186, 346, 414, 418, cake_col)
    pen.ellipse(186, 322, 414, 372, frost)
    for i in range(7):  # drips
        x = 200 + i * 33
        pen.rect(x - 8, 346, x + 8, 362 + (i % 3) * 10, frost, r=8)
    # topper
    if kind == "text":
        for t, y in zip(lines, ys):
            pen.d.text((S(300) + S(4), S(y) + S(4)), t, font=f, anchor="mm", fill=dark)
            pen.d.text((S(300), S(y)), t, font=f, anchor="mm", fill=colour,
                       stroke_width=S(4), stroke_fill=shade(colour, -0.12))
            pen.d.text((S(300), S(y)), t, font=f, anchor="mm", fill=shade(colour, 0.12))
        pen.rect(226, bottom + 8, 374, bottom + 22, colour, r=7)  # base bar joining the sticks
    elif kind == "star":
        pen.poly(star_points(304, 170, 96, 42), dark)
        pen.poly(star_points(300, 164, 96, 42), colour)
        pen.poly(star_points(300, 164, 52, 22), shade(colour, 0.35))
        pen.poly(star_points(200, 110, 26, 11), shade(colour, 0.2))
        pen.poly(star_points(404, 228, 22, 9), shade(colour, 0.2))
    elif kind == "heart":
        pen.poly(heart_points(304, 182, 92), dark)
        pen.poly(heart_points(300, 176, 92), colour)
        pen.oval(258, 142, 18, 10, -40, shade(colour, 0.45))
    elif kind == "crown":
        crown = [(196, 250), (196, 130), (246, 186), (300, 100), (354, 186), (404, 130), (404, 250)]
        pen.poly([(x + 4, y + 6) for x, y in crown], dark)
        pen.poly(crown, colour)
        pen.rect(196, 222, 404, 250, shade(colour, -0.12))
        for x, c in ((236, "#D7263D"), (300, "#3FA7D6"), (364, "#5DBB63")):
            pen.circle(x, 236, 10, c)
        for x, y in ((196, 130), (300, 100), (404, 130)):
            pen.circle(x, y, 12, shade(colour, 0.3))
    elif kind == "butterfly":
        for sgn in (-1, 1):
            pen.oval(300 + sgn * 56, 144, 60, 44, sgn * 30, colour)
            pen.oval(300 + sgn * 44, 216, 42, 32, -sgn * 25, shade(colour, 0.3))
            pen.circle(300 + sgn * 64, 138, 14, shade(colour, 0.55))
        pen.rect(292, 120, 308, 248, "#4A3B52", r=8)
        pen.line([(296, 124), (274, 92)], "#4A3B52", 3)
        pen.line([(304, 124), (326, 92)], "#4A3B52", 3)


def draw_party(img, pen, p, rng):
    cols = rng.sample(PARTY, 6)
    # bunting on a sagging string across the top
    string = [(x, 50 + 24 * math.sin(math.pi * (x - 40) / 520)) for x in range(40, 561, 10)]
    pen.line(string, "#8A7F8E", 3)
    for i, x in enumerate(range(76, 541, 58)):
        y = 50 + 24 * math.sin(math.pi * (x - 40) / 520)
        pen.poly([(x - 21, y), (x + 21, y), (x, y + 40)], cols[i % len(cols)])
    soft_shadow(img, (230, 424, 370, 452), alpha=50)
    # balloons: back, left, right
    knot_y = 420
    balloons = [(300, 196, cols[0]), (226, 254, cols[1]), (374, 250, cols[2])]
    for cx, cy, _ in balloons:  # strings first
        sx, sy = cx, cy + 78
        path = []
        for k in range(13):
            t = k / 12
            x = sx + (300 - sx) * t + 7 * math.sin(t * math.pi * 3)
            path.append((x, sy + (knot_y - sy) * t))
        pen.line(path, "#7B7080", 2)
    for cx, cy, c in balloons:
        pen.oval(cx, cy, 62, 76, 0, c)
        pen.oval(cx + 6, cy + 6, 54, 66, 0, shade(c, -0.06))
        pen.oval(cx - 24, cy - 30, 12, 20, 30, shade(c, 0.55))
        pen.poly([(cx - 9, cy + 84), (cx + 9, cy + 84), (cx, cy + 72)], shade(c, -0.2))
    pen.circle(300, knot_y, 6, "#7B7080")


DRAWERS = {
    "Flours": draw_flours,
    "Ingredients": draw_ingredients,
    "Cake Mixes": draw_cake_mixes,
    "Molds": draw_molds,
    "Decorating Tools": draw_decorating,
    "Packaging": draw_packaging,
    "Candles": draw_candles,
    "Toppers": draw_toppers,
    "Party Accessories": draw_party,
}


# ---------------------------------------------------------------------------
# Image assembly
# ---------------------------------------------------------------------------

def gradient(top: str, bottom: str) -> Image.Image:
    n = SIZE * SCALE
    mask = Image.linear_gradient("L").resize((n, n))
    return Image.composite(Image.new("RGB", (n, n), hex_rgb(bottom)),
                           Image.new("RGB", (n, n), hex_rgb(top)), mask)


def label_band(img: Image.Image, text: str):
    x0, y0, x1, y1 = 64, 474, 536, 548
    shadow = Image.new("L", img.size, 0)
    ImageDraw.Draw(shadow).rounded_rectangle((S(x0), S(y0 + 4), S(x1), S(y1 + 4)), radius=S(30), fill=60)
    shadow = shadow.filter(ImageFilter.GaussianBlur(S(5)))
    img.paste(Image.new("RGB", img.size, (70, 55, 70)), (0, 0), shadow)
    pen = Pen(img)
    pen.rect(x0, y0, x1, y1, "#FFFFFF", r=30)
    size = 38
    f = font(size)
    while pen.d.textlength(text, font=f) > S(x1 - x0 - 48) and size > 22:
        size -= 1
        f = font(size)
    pen.d.text((S(300), S((y0 + y1) / 2)), text, font=f, anchor="mm", fill=TEXT_DARK)


def render(p: dict, bg: tuple[str, str], rng: random.Random) -> Image.Image:
    img = gradient(*bg)
    pen = Pen(img)
    DRAWERS[p["category"]](img, pen, p, rng)
    label_band(img, p["label"])
    img = img.resize((SIZE, SIZE), Image.LANCZOS)
    return quantize(img)


def quantize(img: Image.Image, colours: int = 128) -> Image.Image:
    """Reduce to `colours` colours, reserving a ramp from the label's dark text to white so
    the anti-aliased label text keeps its contrast (median cut alone may merge it away)."""
    ramp_n = 8
    base = img.quantize(colors=colours - ramp_n, method=Image.Quantize.MEDIANCUT, kmeans=3,
                        dither=Image.Dither.NONE)
    pal = base.getpalette()[: (colours - ramp_n) * 3]
    dark = hex_rgb(TEXT_DARK)
    for i in range(ramp_n):
        t = i / (ramp_n - 1)
        pal += [round(c + (255 - c) * t) for c in dark]
    pal_img = Image.new("P", (1, 1))
    pal_img.putpalette(pal)
    return img.quantize(palette=pal_img, dither=Image.Dither.NONE)


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def slugify(text: str) -> str:
    s = text.lower().replace("&", " and ")
    s = re.sub(r"(\d)\s+(kg|g|ml|l|m|inch|cm|mm)\b", r"\1\2", s)
    s = re.sub(r"[^a-z0-9]+", "-", s).strip("-")
    return s


def validate(catalog: dict) -> None:
    cats = [c["name"] for c in catalog["categories"]]
    prods = catalog["products"]
    assert cats == [c for c, _ in CATEGORIES] and len(cats) == 9
    assert len(prods) >= 66
    titles = [p["title"] for p in prods]
    assert len(set(titles)) == len(titles), "duplicate titles"
    assert len({p["image"] for p in prods}) == len(prods), "duplicate image paths"
    for c in cats:
        assert sum(p["category"] == c for p in prods) >= 6, c
    companies = {p["company"] for p in prods}
    assert 12 <= len(companies) <= 18, len(companies)
    featured = [p for p in prods if p["featured"]]
    assert 8 <= len(featured) <= 12
    assert sum(p["stock"] == 0 for p in prods) in (2, 3)
    for p in prods:
        assert p["price"] >= p["sellingPrice"] > 0, p["title"]
        assert round(p["price"], 2) == p["price"] and round(p["sellingPrice"], 2) == p["sellingPrice"]
        assert 0 <= p["stock"] <= 250
        assert p["category"] in cats
        assert (OUT_DIR / p["image"]).is_file(), p["image"]
        assert len(p["description"]) <= 5000 and len(p["title"]) <= 200


def main() -> None:
    if not FONT_BOLD.is_file():
        sys.exit(f"missing {FONT_BOLD}: apt-get install -y fonts-dejavu-core")
    rng = random.Random(SEED)
    IMG_DIR.mkdir(parents=True, exist_ok=True)
    for old in IMG_DIR.glob("*.png"):
        old.unlink()

    # backgrounds: a shuffled palette per category, so neighbours differ
    bg_for = {}
    for cat, _ in CATEGORIES:
        items = [p for p in P if p["category"] == cat]
        palette = BACKGROUNDS[:]
        rng.shuffle(palette)
        for i, p in enumerate(items):
            bg_for[p["title"]] = palette[i % len(palette)]

    products = []
    total = 0
    for p in P:
        slug = f"{slugify(p['category'])}-{slugify(p['title'])}"
        rel = f"images/{slug}.png"
        img = render(p, bg_for[p["title"]], rng)
        path = OUT_DIR / rel
        img.save(path, optimize=True)
        total += path.stat().st_size
        products.append({
            "title": p["title"],
            "company": p["company"],
            "description": p["description"],
            "price": round(float(p["price"]), 2),
            "sellingPrice": round(float(p["sellingPrice"]), 2),
            "stock": p["stock"],
            "featured": p["featured"],
            "category": p["category"],
            "image": rel,
        })

    catalog = {
        "categories": [{"name": n, "description": d} for n, d in CATEGORIES],
        "products": products,
    }
    validate(catalog)
    (OUT_DIR / "catalog.json").write_text(json.dumps(catalog, indent=2, ensure_ascii=False) + "\n",
                                          encoding="utf-8")
    print(f"wrote {len(products)} products in {len(CATEGORIES)} categories, "
          f"{total / 1024:.0f} KiB of images, to {OUT_DIR}")


if __name__ == "__main__":
    main()
