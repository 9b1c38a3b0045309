-- A database written by the server of commit 1d4793a, the 700th commit (2026-12-06): schema marker 1 (table pentarena), seats with freed_invite_hashes, no next_table or analysis columns.
-- Made by tests/data/old_release.py playing on that release's 'pentarena serve' (over HTTP and WebSocket);
-- database-1d4793a.json names its tables, their seat tokens and the records it exported.
-- tests/server/test_upgrades.py opens it with this release.
BEGIN TRANSACTION;
CREATE TABLE moves (
	id INTEGER NOT NULL, 
	table_id VARCHAR(32) NOT NULL, 
	ply INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	text VARCHAR(200) NOT NULL, 
	at FLOAT NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (table_id, ply), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "moves" VALUES(1,'LI2eL88LA94k',0,0,'N:0,0;1,0;2,0;2,1;3,1',1.79666844780699443812e+09);
INSERT INTO "moves" VALUES(2,'LI2eL88LA94k',1,1,'Z:0,-1;1,-3;1,-2;1,-1;2,-3',1.7966684478430101871e+09);
INSERT INTO "moves" VALUES(3,'LI2eL88LA94k',2,0,'I:3,0;4,0;5,0;6,0;7,0',1.79666844785503649704e+09);
INSERT INTO "moves" VALUES(4,'LI2eL88LA94k',3,1,'U:4,1;4,2;5,1;6,1;6,2',1.79666844786742091171e+09);
INSERT INTO "moves" VALUES(5,'LI2eL88LA94k',4,0,'Y:0,0;1,-1;1,0;2,0;3,0',1.79666844787577390666e+09);
INSERT INTO "moves" VALUES(6,'aZmLqwWBy0gg',0,0,'F:0,0;0,1;1,1;1,2;2,1',1.79666844809197258944e+09);
INSERT INTO "moves" VALUES(7,'aZmLqwWBy0gg',1,1,'F:-3,0;-2,0;-2,1;-1,-1;-1,0',1.79666844810752749446e+09);
INSERT INTO "moves" VALUES(8,'aZmLqwWBy0gg',2,2,'Z:2,2;2,3;3,2;4,1;4,2',1.79666844812203216549e+09);
INSERT INTO "moves" VALUES(9,'aZmLqwWBy0gg',3,3,'P:1,1;1,2;2,1;2,2;2,3',1.79666844813407540317e+09);
INSERT INTO "moves" VALUES(10,'aZmLqwWBy0gg',4,0,'N:-2,2;-2,3;-2,4;-1,1;-1,2',1.79666844815363430975e+09);
INSERT INTO "moves" VALUES(11,'aZmLqwWBy0gg',5,1,'P:-2,0;-2,1;-2,2;-1,1;-1,2',1.7966684481650643349e+09);
INSERT INTO "moves" VALUES(12,'aZmLqwWBy0gg',6,2,'U:-4,3;-4,5;-3,3;-3,4;-3,5',1.79666844818722081181e+09);
INSERT INTO "moves" VALUES(13,'aZmLqwWBy0gg',7,3,'L:5,1;5,2;6,1;7,1;8,1',1.79666844820518088344e+09);
INSERT INTO "moves" VALUES(14,'aZmLqwWBy0gg',8,0,'V:-6,-1;-5,-1;-4,-1;-4,0;-4,1',1.79666844821521282191e+09);
INSERT INTO "moves" VALUES(15,'XClvfPxH6B6i',0,0,'L:0,1;1,1;2,1;3,0;3,1',1.79666844825134801866e+09);
INSERT INTO "moves" VALUES(16,'XClvfPxH6B6i',1,1,'F:0,2;1,2;1,3;1,4;2,3',1.79666844826039266581e+09);
INSERT INTO "moves" VALUES(17,'XClvfPxH6B6i',2,2,'Y:0,2;1,1;1,2;1,3;1,4',1.79666844827370595933e+09);
INSERT INTO "moves" VALUES(18,'XClvfPxH6B6i',3,0,'I:-1,-1;0,-1;1,-1;2,-1;3,-1',1.79666844829138922694e+09);
INSERT INTO "moves" VALUES(19,'XClvfPxH6B6i',4,1,'T:0,-4;1,-4;1,-3;1,-2;2,-4',1.79666844831006741528e+09);
INSERT INTO "moves" VALUES(20,'XClvfPxH6B6i',5,2,'V:-1,-1;0,-1;1,-3;1,-2;1,-1',1.79666844834221625321e+09);
INSERT INTO "moves" VALUES(21,'LBZPfbBWpkDS',0,0,'c6 BR cw',1.79666844838991546628e+09);
INSERT INTO "moves" VALUES(22,'LBZPfbBWpkDS',1,1,'c3 TR ccw',1.796668448396073103e+09);
INSERT INTO "moves" VALUES(23,'LBZPfbBWpkDS',2,0,'b2 TR ccw',1.79666844840489053729e+09);
INSERT INTO "moves" VALUES(24,'LBZPfbBWpkDS',3,1,'b3 BR ccw',1.79666844841745495793e+09);
INSERT INTO "moves" VALUES(25,'LBZPfbBWpkDS',4,0,'a4 TR ccw',1.79666844842304301256e+09);
INSERT INTO "moves" VALUES(26,'LBZPfbBWpkDS',5,1,'d3 BL ccw',1.79666844843345570566e+09);
INSERT INTO "moves" VALUES(27,'Xcu_HEfUKuwW',0,0,'L:f3,f4,f5,f6,g6',1.79666844849314141273e+09);
INSERT INTO "moves" VALUES(28,'Xcu_HEfUKuwW',1,1,'Y:c2,d2,e2,f2,e3',1.79666844850348043438e+09);
INSERT INTO "moves" VALUES(29,'Xcu_HEfUKuwW',2,0,'T:a4,b4,c4,b5,b6',1.79666844851685714723e+09);
INSERT INTO "moves" VALUES(30,'Xcu_HEfUKuwW',3,1,'F:d6,b7,c7,d7,c8',1.79666844852700972553e+09);
INSERT INTO "moves" VALUES(31,'S2bkxCYFnJ_g',0,0,'pick X',1.79666844856236052507e+09);
INSERT INTO "moves" VALUES(32,'S2bkxCYFnJ_g',1,1,'pick I',1.79666844857872891423e+09);
INSERT INTO "moves" VALUES(33,'S2bkxCYFnJ_g',2,2,'pick P',1.79666844858818554875e+09);
INSERT INTO "moves" VALUES(34,'S2bkxCYFnJ_g',3,0,'pick F',1.79666844859642529487e+09);
INSERT INTO "moves" VALUES(35,'S2bkxCYFnJ_g',4,1,'pick Y',1.79666844860445904736e+09);
INSERT INTO "moves" VALUES(36,'S2bkxCYFnJ_g',5,2,'pick L',1.79666844861606431011e+09);
INSERT INTO "moves" VALUES(37,'S2bkxCYFnJ_g',6,0,'pick T',1.79666844862295222284e+09);
INSERT INTO "moves" VALUES(38,'kMKnYw9R8kzx',0,0,'F:i4,g5,h5,i5,h6',1796668448.65503);
INSERT INTO "moves" VALUES(39,'kMKnYw9R8kzx',1,0,'Y:d2,e2,f2,g2,e3',1.79666844866364622118e+09);
INSERT INTO "moves" VALUES(40,'kMKnYw9R8kzx',2,0,'N:g3,f4,g4,f5,f6',1.79666844867261242873e+09);
INSERT INTO "moves" VALUES(41,'fe5mpXj2LuTg',0,0,'3-triangle-red@1',1.79666844872491860392e+09);
INSERT INTO "moves" VALUES(42,'fe5mpXj2LuTg',1,1,'3-circle-orange@9',1.79666844873162794113e+09);
INSERT INTO "moves" VALUES(43,'fe5mpXj2LuTg',2,0,'3-circle-red@1',1.79666844874005913728e+09);
INSERT INTO "moves" VALUES(44,'fe5mpXj2LuTg',3,1,'4-star-orange@8',1.79666844874650502203e+09);
INSERT INTO "moves" VALUES(45,'fe5mpXj2LuTg',4,0,'1-crescent-yellow@8',1.79666844875438928602e+09);
INSERT INTO "moves" VALUES(46,'fe5mpXj2LuTg',5,1,'5-square-cyan@1',1.79666844875897669794e+09);
INSERT INTO "moves" VALUES(47,'4z5Piapepeet',0,0,'2-square-orange@2',1.79666844879403901106e+09);
INSERT INTO "moves" VALUES(48,'4z5Piapepeet',1,1,'4-star-cyan@9',1.79666844880126500127e+09);
INSERT INTO "moves" VALUES(49,'4z5Piapepeet',2,2,'1-star-cyan@6',1.7966684488116056919e+09);
INSERT INTO "moves" VALUES(50,'4z5Piapepeet',3,0,'5-crescent-violet@8',1.79666844881659793853e+09);
INSERT INTO "moves" VALUES(51,'4z5Piapepeet',4,1,'3-crescent-cyan@3',1.79666844882669305806e+09);
INSERT INTO "moves" VALUES(52,'4z5Piapepeet',5,2,'5-square-cyan@5',1.79666844883457207677e+09);
INSERT INTO "moves" VALUES(53,'4z5Piapepeet',6,0,'1-triangle-violet@7',1.79666844883990693094e+09);
INSERT INTO "moves" VALUES(54,'qzhVG5uXn9lc',0,0,'d2 TL cw',1.79666844886448144914e+09);
INSERT INTO "moves" VALUES(55,'qzhVG5uXn9lc',1,1,'a6 BR cw',1.79666844887138557433e+09);
INSERT INTO "moves" VALUES(56,'qzhVG5uXn9lc',2,0,'a3 TL ccw',1.79666844887653970718e+09);
INSERT INTO "moves" VALUES(57,'qzhVG5uXn9lc',3,1,'b2 TL cw',1.79666844888225412366e+09);
INSERT INTO "moves" VALUES(58,'qzhVG5uXn9lc',4,0,'a2 BR cw',1.79666844888617849348e+09);
INSERT INTO "moves" VALUES(59,'qzhVG5uXn9lc',5,1,'c5 BR cw',1.79666844889114284515e+09);
INSERT INTO "moves" VALUES(60,'qzhVG5uXn9lc',6,0,'d1 BL cw',1.79666844889466714857e+09);
INSERT INTO "moves" VALUES(61,'qzhVG5uXn9lc',7,1,'a5 BR ccw',1.79666844889823412896e+09);
INSERT INTO "moves" VALUES(62,'qzhVG5uXn9lc',8,0,'f4 BR cw',1.79666844890178704257e+09);
INSERT INTO "moves" VALUES(63,'qzhVG5uXn9lc',9,1,'a6 TL cw',1.79666844890528559688e+09);
INSERT INTO "moves" VALUES(64,'qzhVG5uXn9lc',10,0,'b4 BL ccw',1.79666844890899777414e+09);
INSERT INTO "moves" VALUES(65,'qzhVG5uXn9lc',11,1,'e6 BR cw',1.79666844891261219974e+09);
INSERT INTO "moves" VALUES(66,'qzhVG5uXn9lc',12,0,'d3 TL cw',1.79666844891654634477e+09);
INSERT INTO "moves" VALUES(67,'qzhVG5uXn9lc',13,1,'c4 BR ccw',1.79666844891937971112e+09);
INSERT INTO "moves" VALUES(68,'qzhVG5uXn9lc',14,0,'d5 BL ccw',1.79666844892170023918e+09);
INSERT INTO "moves" VALUES(69,'qzhVG5uXn9lc',15,1,'a6 BL cw',1.79666844892474699022e+09);
INSERT INTO "moves" VALUES(70,'qzhVG5uXn9lc',16,0,'f3 TR ccw',1.7966684489267990589e+09);
INSERT INTO "moves" VALUES(71,'qzhVG5uXn9lc',17,1,'e2 TR ccw',1.79666844892870879168e+09);
INSERT INTO "moves" VALUES(72,'qzhVG5uXn9lc',18,0,'d2 BR ccw',1.79666844893247318274e+09);
INSERT INTO "moves" VALUES(73,'qzhVG5uXn9lc',19,1,'c3 BR cw',1.79666844893483805653e+09);
INSERT INTO "moves" VALUES(74,'qzhVG5uXn9lc',20,0,'e3 BR cw',1.79666844893872427934e+09);
INSERT INTO "moves" VALUES(75,'qzhVG5uXn9lc',21,1,'b1 TR cw',1.79666844894398045539e+09);
INSERT INTO "moves" VALUES(76,'qzhVG5uXn9lc',22,0,'f4 TL ccw',1.79666844894760322566e+09);
INSERT INTO "moves" VALUES(77,'qzhVG5uXn9lc',23,1,'d1 BR cw',1.7966684489500739574e+09);
INSERT INTO "moves" VALUES(78,'qzhVG5uXn9lc',24,0,'d5 TR ccw',1.79666844895338368411e+09);
INSERT INTO "moves" VALUES(79,'qzhVG5uXn9lc',25,1,'e5 BR cw',1.79666844895692968367e+09);
INSERT INTO "moves" VALUES(80,'qzhVG5uXn9lc',26,0,'b4 TR ccw',1.79666844896023774149e+09);
INSERT INTO "moves" VALUES(81,'qzhVG5uXn9lc',27,1,'d5 TL ccw',1.79666844896339726448e+09);
INSERT INTO "moves" VALUES(82,'qzhVG5uXn9lc',28,0,'d2 BL cw',1.79666844896672058106e+09);
INSERT INTO "moves" VALUES(83,'qzhVG5uXn9lc',29,1,'b5 BR cw',1.7966684489701304436e+09);
INSERT INTO "moves" VALUES(84,'an1L8qY480U4',0,0,'1-star-yellow@5',1.79666844898996353146e+09);
INSERT INTO "moves" VALUES(85,'an1L8qY480U4',1,1,'2-circle-violet@8',1.7966684489946055412e+09);
INSERT INTO "moves" VALUES(86,'an1L8qY480U4',2,0,'5-square-violet@6',1.79666844900027918808e+09);
INSERT INTO "moves" VALUES(87,'an1L8qY480U4',3,1,'3-crescent-red@9',1.79666844900447344787e+09);
INSERT INTO "moves" VALUES(88,'an1L8qY480U4',4,0,'2-square-orange@2',1.79666844900850868225e+09);
INSERT INTO "moves" VALUES(89,'an1L8qY480U4',5,1,'3-triangle-red@4',1.79666844901282811161e+09);
INSERT INTO "moves" VALUES(90,'an1L8qY480U4',6,0,'3-circle-red@1',1.79666844901681733133e+09);
INSERT INTO "moves" VALUES(91,'an1L8qY480U4',7,1,'4-square-yellow@5',1.79666844902082014083e+09);
INSERT INTO "moves" VALUES(92,'an1L8qY480U4',8,0,'4-crescent-cyan@9',1.79666844902368807793e+09);
INSERT INTO "moves" VALUES(93,'an1L8qY480U4',9,1,'1-circle-red@3',1.79666844903054738046e+09);
INSERT INTO "moves" VALUES(94,'an1L8qY480U4',10,0,'5-star-violet@7',1.79666844903341794015e+09);
INSERT INTO "moves" VALUES(95,'an1L8qY480U4',11,1,'1-square-red@5',1.79666844903599524493e+09);
INSERT INTO "moves" VALUES(96,'an1L8qY480U4',12,0,'5-crescent-cyan@9',1.79666844903852105145e+09);
INSERT INTO "moves" VALUES(97,'an1L8qY480U4',13,1,'5-triangle-yellow@1',1.79666844904089117052e+09);
INSERT INTO "moves" VALUES(98,'an1L8qY480U4',14,0,'5-circle-violet@3',1.79666844904338788985e+09);
INSERT INTO "moves" VALUES(99,'an1L8qY480U4',15,1,'2-crescent-red@4',1.79666844904588413238e+09);
INSERT INTO "moves" VALUES(100,'an1L8qY480U4',16,0,'5-square-red@9',1.7966684490483539105e+09);
INSERT INTO "moves" VALUES(101,'an1L8qY480U4',17,1,'2-circle-red@5',1.79666844905082535746e+09);
INSERT INTO "moves" VALUES(102,'an1L8qY480U4',18,0,'5-triangle-red@3',1.79666844905339479444e+09);
INSERT INTO "moves" VALUES(103,'an1L8qY480U4',19,1,'3-triangle-orange@5',1.79666844905594825739e+09);
INSERT INTO "moves" VALUES(104,'an1L8qY480U4',20,0,'5-circle-red@2',1.79666844905842328075e+09);
INSERT INTO "moves" VALUES(105,'an1L8qY480U4',21,1,'3-circle-yellow@3',1.7966684490608389377e+09);
INSERT INTO "moves" VALUES(106,'an1L8qY480U4',22,0,'1-circle-orange@5',1.79666844906328344345e+09);
INSERT INTO "moves" VALUES(107,'an1L8qY480U4',23,1,'1-triangle-yellow@6',1.79666844906579518319e+09);
INSERT INTO "moves" VALUES(108,'an1L8qY480U4',24,0,'1-triangle-red@9',1.79666844906846499439e+09);
INSERT INTO "moves" VALUES(109,'an1L8qY480U4',25,1,'3-square-cyan@4',1.79666844907104063036e+09);
INSERT INTO "moves" VALUES(110,'an1L8qY480U4',26,0,'4-star-cyan@9',1.79666844907358956334e+09);
INSERT INTO "moves" VALUES(111,'an1L8qY480U4',27,1,'3-star-violet@7',1.79666844907613587386e+09);
INSERT INTO "moves" VALUES(112,'an1L8qY480U4',28,0,'1-crescent-yellow@5',1.79666844908197855944e+09);
INSERT INTO "moves" VALUES(113,'an1L8qY480U4',29,1,'1-crescent-cyan@4',1.79666844908520412444e+09);
INSERT INTO "moves" VALUES(114,'xxxgY0oI78yp',0,0,'W:0,0;0,1;1,1;1,2;2,2',1796668749.33767);
INSERT INTO "moves" VALUES(115,'xxxgY0oI78yp',1,1,'W:-1,-2;0,-2;0,-1;1,-1;1,0',1.79666874937766575808e+09);
INSERT INTO "moves" VALUES(116,'3p7-5DoOczhI',0,0,'b4 BR cw',1.79666874941795754435e+09);
INSERT INTO "moves" VALUES(117,'3p7-5DoOczhI',1,1,'f4 BL cw',1.79666874942039012912e+09);
INSERT INTO "moves" VALUES(118,'1de-rzNL22ta',0,-1,'d2 TL cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(119,'1de-rzNL22ta',1,-1,'a6 BR cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(120,'1de-rzNL22ta',2,-1,'a3 TL ccw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(121,'1de-rzNL22ta',3,-1,'b2 TL cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(122,'1de-rzNL22ta',4,-1,'a2 BR cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(123,'1de-rzNL22ta',5,-1,'c5 BR cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(124,'1de-rzNL22ta',6,-1,'d1 BL cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(125,'1de-rzNL22ta',7,-1,'a5 BR ccw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(126,'1de-rzNL22ta',8,-1,'f4 BR cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(127,'1de-rzNL22ta',9,-1,'a6 TL cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(128,'1de-rzNL22ta',10,-1,'b4 BL ccw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(129,'1de-rzNL22ta',11,-1,'e6 BR cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(130,'1de-rzNL22ta',12,-1,'d3 TL cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(131,'1de-rzNL22ta',13,-1,'c4 BR ccw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(132,'1de-rzNL22ta',14,-1,'d5 BL ccw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(133,'1de-rzNL22ta',15,-1,'a6 BL cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(134,'1de-rzNL22ta',16,-1,'f3 TR ccw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(135,'1de-rzNL22ta',17,-1,'e2 TR ccw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(136,'1de-rzNL22ta',18,-1,'d2 BR ccw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(137,'1de-rzNL22ta',19,-1,'c3 BR cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(138,'1de-rzNL22ta',20,-1,'e3 BR cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(139,'1de-rzNL22ta',21,-1,'b1 TR cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(140,'1de-rzNL22ta',22,-1,'f4 TL ccw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(141,'1de-rzNL22ta',23,-1,'d1 BR cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(142,'1de-rzNL22ta',24,-1,'d5 TR ccw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(143,'1de-rzNL22ta',25,-1,'e5 BR cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(144,'1de-rzNL22ta',26,-1,'b4 TR ccw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(145,'1de-rzNL22ta',27,-1,'d5 TL ccw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(146,'1de-rzNL22ta',28,-1,'d2 BL cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(147,'1de-rzNL22ta',29,-1,'b5 BR cw',1.79666874943151617049e+09);
INSERT INTO "moves" VALUES(148,'YP9eUO04MoJ0',0,-1,'1-star-yellow@5',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(149,'YP9eUO04MoJ0',1,-1,'2-circle-violet@8',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(150,'YP9eUO04MoJ0',2,-1,'5-square-violet@6',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(151,'YP9eUO04MoJ0',3,-1,'3-crescent-red@9',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(152,'YP9eUO04MoJ0',4,-1,'2-square-orange@2',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(153,'YP9eUO04MoJ0',5,-1,'3-triangle-red@4',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(154,'YP9eUO04MoJ0',6,-1,'3-circle-red@1',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(155,'YP9eUO04MoJ0',7,-1,'4-square-yellow@5',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(156,'YP9eUO04MoJ0',8,-1,'4-crescent-cyan@9',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(157,'YP9eUO04MoJ0',9,-1,'1-circle-red@3',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(158,'YP9eUO04MoJ0',10,-1,'5-star-violet@7',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(159,'YP9eUO04MoJ0',11,-1,'1-square-red@5',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(160,'YP9eUO04MoJ0',12,-1,'5-crescent-cyan@9',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(161,'YP9eUO04MoJ0',13,-1,'5-triangle-yellow@1',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(162,'YP9eUO04MoJ0',14,-1,'5-circle-violet@3',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(163,'YP9eUO04MoJ0',15,-1,'2-crescent-red@4',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(164,'YP9eUO04MoJ0',16,-1,'5-square-red@9',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(165,'YP9eUO04MoJ0',17,-1,'2-circle-red@5',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(166,'YP9eUO04MoJ0',18,-1,'5-triangle-red@3',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(167,'YP9eUO04MoJ0',19,-1,'3-triangle-orange@5',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(168,'YP9eUO04MoJ0',20,-1,'5-circle-red@2',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(169,'YP9eUO04MoJ0',21,-1,'3-circle-yellow@3',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(170,'YP9eUO04MoJ0',22,-1,'1-circle-orange@5',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(171,'YP9eUO04MoJ0',23,-1,'1-triangle-yellow@6',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(172,'YP9eUO04MoJ0',24,-1,'1-triangle-red@9',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(173,'YP9eUO04MoJ0',25,-1,'3-square-cyan@4',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(174,'YP9eUO04MoJ0',26,-1,'4-star-cyan@9',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(175,'YP9eUO04MoJ0',27,-1,'3-star-violet@7',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(176,'YP9eUO04MoJ0',28,-1,'1-crescent-yellow@5',1.79666874943795275686e+09);
INSERT INTO "moves" VALUES(177,'YP9eUO04MoJ0',29,-1,'1-crescent-cyan@4',1.79666874943795275686e+09);
CREATE TABLE pentarena (
	"key" VARCHAR(32) NOT NULL, 
	value VARCHAR(200) NOT NULL, 
	PRIMARY KEY ("key")
);
INSERT INTO "pentarena" VALUES('schema','1');
CREATE TABLE tables (
	id VARCHAR(32) NOT NULL, 
	game VARCHAR(32) NOT NULL, 
	options JSON NOT NULL, 
	seed INTEGER, 
	seats JSON NOT NULL, 
	status VARCHAR(16) NOT NULL, 
	created FLOAT NOT NULL, 
	updated FLOAT NOT NULL, 
	imported BOOLEAN NOT NULL, 
	private JSON, 
	version INTEGER NOT NULL, 
	seats_version INTEGER NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "tables" VALUES('_CWFI4MYxr1x','pentup','{"players": 2, "scoring": "standard", "teams": false}',1107171630,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "cea5a59df8ce75736fbfe9b4243e40697dffab05a1178f3d7d46e1e70c5fd0e5", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "", "level": null, "token_hash": null, "claimed": false, "open": false, "invite_hash": "ab4b1e8430e5626149cf1d9469760b114528117d44fe0f02739253b05d8866ca", "used_invite_hash": null, "freed_invite_hashes": []}]','playing',1.79666844754884552949e+09,1.79666844754884552949e+09,0,'{"creator": "b64080dbcf51a2af"}',0,0);
INSERT INTO "tables" VALUES('FyR9BCQvXiXk','pentago','{}',320243435,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "cec36ed3fd159763f5f7ae5dffe84414086a4719154fd0ee334522a98a50094a", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "", "level": null, "token_hash": null, "claimed": false, "open": true, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}]','playing',1.79666844767058944696e+09,1.79666844767058944696e+09,0,'{"creator": "b64080dbcf51a2af"}',0,0);
INSERT INTO "tables" VALUES('LI2eL88LA94k','pentup','{"players": 2, "scoring": "standard", "teams": false}',67608466,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "70b94c268ee143e02c614f9e3267491206f04b47625b2ea1ed083bcb538e56c5", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "Bob", "level": null, "token_hash": "4e242c113c44135fc392189ab7fae76b046f8c0dd6e53cf0a503a3c7afcdd7b8", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": "09c84f4ac78e64e1a16153071095be3cfdc916e3f9ec8ddd086ecc2f59c06a28", "freed_invite_hashes": []}]','playing',1.79666844771183133126e+09,1.79666844787577390666e+09,0,'{"creator": "b64080dbcf51a2af"}',5,1);
INSERT INTO "tables" VALUES('aZmLqwWBy0gg','pentup','{"players": 4, "scoring": "standard", "teams": true}',515637981,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "7ca1c690d4cdbe4a4a235383e816509a4a267d0d3d3c64c635a90ce81f47a7ca", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "48a2ac5d27dd41cd5d288ab57d2ce7e39cab7b1a92ecf67bacc2d029ff3d4018", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "13697a8544d3859ae43eb0a5d250473bedeb164aba26902fafee0adfb0b240ff", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "2bfc3f51df823748a2634e307772a8c98702afbb890428aee5e4e219cded9264", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}]','playing',1.79666844788975977893e+09,1.79666844821521282191e+09,0,'{"creator": "b64080dbcf51a2af"}',9,0);
INSERT INTO "tables" VALUES('XClvfPxH6B6i','pentup','{"players": 3, "scoring": "advanced", "teams": false}',1025493486,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "01064968fca23b320ef691c01a4effbdb86618c973d0033e18c24f3636562169", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "92b91f7416b62f9ce984425b634406bc3782adad9d51259780fbf8b31b83735e", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "computer", "name": "", "level": "easy", "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}]','playing',1.79666844823447537419e+09,1.79666844834221625321e+09,0,'{"creator": "b64080dbcf51a2af"}',6,0);
INSERT INTO "tables" VALUES('LBZPfbBWpkDS','pentago','{}',834069126,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "2be0ce6e61d262780a181a8bfdb018e794ad63c88068a414a6e0e0966b18378b", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "computer", "name": "", "level": "easy", "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}]','playing',1796668448.37111,1.79666844843345570566e+09,0,'{"creator": "b64080dbcf51a2af"}',6,0);
INSERT INTO "tables" VALUES('Xcu_HEfUKuwW','pentomino','{"players": 2, "variant": "standard", "touch_move": false, "scoring": "10-5", "target": 50}',1986798690,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "0bb82a00c30926ef2ec04bfe399456a1cef2f09bf869d47222fabe5a9faee09d", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "6234d24bdd7c071519c939d0b5c8715dc0aea942ab26fade59f536f3a673e892", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}]','playing',1.79666844846462082866e+09,1.79666844852700972553e+09,0,'{"creator": "b64080dbcf51a2af"}',4,0);
INSERT INTO "tables" VALUES('S2bkxCYFnJ_g','pentomino','{"players": 3, "variant": "draft", "touch_move": false, "scoring": "10-5", "target": 50}',20536621,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "d86864d23587bf7a8a61b9b957c5b47c84ec9d2f22259944c493b580f5cb8d30", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "27cb9627e9cc9ffb9b129e0cee573985078442e38e7f3324dfab8a4e3bb43c52", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "3085d319c900ba2c3acaf5271b42b71a649990ee74ac1645717dddf7eb6bf453", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}]','playing',1.79666844853639292721e+09,1.79666844862295222284e+09,0,'{"creator": "b64080dbcf51a2af"}',7,0);
INSERT INTO "tables" VALUES('kMKnYw9R8kzx','pentomino-puzzle','{"region": "6x10", "pieces": "FILNPTUVWXYZ"}',922408247,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "f689473b22bf9052821bb515ec46dbb27f6ab22b22720080a261ee8a1d739741", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}]','playing',1.79666844864240598678e+09,1.79666844867261242873e+09,0,'{"creator": "b64080dbcf51a2af"}',3,0);
INSERT INTO "tables" VALUES('fe5mpXj2LuTg','pentic','{"players": 2, "target": 250}',NULL,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "4ad5266568f7fd2d2ce5c6719c1c0ec9dde25ba5c68e7bfea64a1a153ac5a3a3", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "Bob", "level": null, "token_hash": "6e41e0448fcb6de66d12f2cedac1a271460a5ef0ed31a5360b5f9c90ab5e332d", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": "6722e9d9bc64a1d379eba9665aa0b6021c2c4ec5232e76a64690759349a68442", "freed_invite_hashes": []}]','playing',1796668448.68403,1.79666844875897669794e+09,0,'{"deck": ["1-circle-red", "4-crescent-red", "4-square-orange", "4-square-violet", "2-star-yellow", "5-star-cyan", "3-star-red", "5-crescent-violet", "1-triangle-yellow", "3-circle-red", "1-crescent-yellow", "5-star-violet", "3-square-red", "3-triangle-red", "5-square-cyan", "4-star-orange", "3-circle-orange", "1-star-orange", "1-circle-orange", "4-triangle-yellow", "2-star-cyan", "4-crescent-orange", "4-circle-orange", "2-circle-cyan", "4-circle-violet", "4-circle-yellow", "5-triangle-cyan", "5-circle-violet", "5-square-violet", "1-star-yellow", "5-circle-orange", "1-triangle-violet", "3-triangle-yellow", "1-triangle-orange", "1-circle-yellow", "2-circle-red", "3-star-violet", "5-triangle-violet", "3-crescent-violet", "3-triangle-orange", "4-crescent-cyan", "2-square-yellow", "2-star-orange", "1-star-cyan", "3-circle-violet", "5-circle-yellow", "1-square-orange", "4-triangle-red", "4-triangle-orange", "4-square-cyan", "4-star-violet", "4-triangle-violet", "5-star-yellow", "3-triangle-cyan", "2-circle-orange", "3-square-yellow", "2-square-cyan", "4-circle-cyan", "2-crescent-red", "4-square-yellow", "4-triangle-cyan", "4-star-yellow", "3-square-orange", "2-triangle-orange", "1-crescent-violet", "1-triangle-red", "2-square-violet", "1-triangle-cyan", "5-square-red", "5-circle-cyan", "3-crescent-cyan", "1-star-red", "1-crescent-orange", "5-crescent-yellow", "2-circle-violet", "2-circle-yellow", "2-crescent-violet", "5-crescent-cyan", "2-square-orange", "3-star-cyan", "1-crescent-red", "2-crescent-yellow", "2-triangle-violet", "3-crescent-orange", "3-square-cyan", "1-crescent-cyan", "1-square-violet", "4-square-red", "5-square-yellow", "2-star-red", "2-crescent-cyan", "5-triangle-red", "3-star-yellow", "2-star-violet", "5-star-orange", "4-star-red", "3-star-orange", "3-square-violet", "3-crescent-red", "1-circle-violet", "2-triangle-cyan", "4-star-cyan", "5-square-orange", "5-crescent-orange", "4-circle-red", "5-triangle-yellow", "4-crescent-yellow", "1-square-cyan", "1-circle-cyan", "1-star-violet", "1-square-yellow", "2-square-red", "2-triangle-red", "5-star-red", "1-square-red", "3-triangle-violet", "3-circle-yellow", "2-triangle-yellow", "3-circle-cyan", "3-crescent-yellow", "2-crescent-orange", "5-circle-red", "4-crescent-violet", "5-triangle-orange", "5-crescent-red"], "creator": "b64080dbcf51a2af"}',6,1);
INSERT INTO "tables" VALUES('4z5Piapepeet','pentic','{"players": 3, "target": 60}',NULL,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "2cfd4371335e5424db903f33046b88e99afee35468e895e4f2b6f15b0660eaed", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "db88e7bc7def39b819d3e4ce83a36df9bdb1232ec5d27bf04012073ab3eba803", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "computer", "name": "", "level": "easy", "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}]','playing',1.79666844877246403692e+09,1.79666844883990693094e+09,0,'{"deck": ["2-circle-red", "4-crescent-yellow", "1-square-cyan", "5-circle-yellow", "1-star-orange", "5-star-red", "5-circle-red", "4-crescent-violet", "4-crescent-orange", "1-triangle-violet", "1-triangle-yellow", "2-square-orange", "3-crescent-red", "5-crescent-violet", "5-circle-violet", "3-circle-orange", "4-triangle-cyan", "4-star-cyan", "3-crescent-cyan", "5-square-cyan", "1-star-cyan", "3-square-cyan", "3-triangle-violet", "2-circle-violet", "4-square-red", "5-square-red", "3-triangle-cyan", "3-star-orange", "1-square-orange", "3-star-violet", "4-circle-cyan", "5-square-yellow", "4-star-yellow", "4-circle-orange", "1-square-yellow", "3-circle-cyan", "2-square-cyan", "1-square-red", "1-crescent-orange", "3-circle-violet", "1-circle-cyan", "5-crescent-orange", "5-triangle-cyan", "2-square-yellow", "3-square-violet", "4-circle-red", "1-triangle-red", "5-crescent-red", "4-square-cyan", "1-triangle-orange", "1-circle-orange", "5-circle-orange", "3-square-red", "1-crescent-violet", "5-square-orange", "2-circle-orange", "3-crescent-yellow", "3-triangle-yellow", "3-star-cyan", "1-triangle-cyan", "4-triangle-orange", "3-square-orange", "2-crescent-violet", "2-triangle-red", "2-crescent-orange", "4-star-violet", "3-crescent-violet", "2-triangle-violet", "4-crescent-red", "5-triangle-yellow", "1-crescent-red", "2-star-orange", "3-circle-yellow", "5-star-orange", "1-circle-yellow", "5-triangle-orange", "2-crescent-yellow", "3-star-red", "2-triangle-cyan", "4-triangle-yellow", "4-circle-violet", "5-star-violet", "4-square-violet", "5-square-violet", "2-triangle-yellow", "5-crescent-yellow", "5-triangle-red", "5-crescent-cyan", "5-star-cyan", "1-crescent-cyan", "2-star-cyan", "5-triangle-violet", "5-star-yellow", "3-triangle-red", "4-triangle-red", "1-star-red", "1-square-violet", "2-crescent-cyan", "5-circle-cyan", "2-crescent-red", "3-star-yellow", "2-star-red", "1-star-violet", "4-square-orange", "4-square-yellow", "1-crescent-yellow", "3-crescent-orange", "3-circle-red", "2-star-violet", "3-square-yellow", "3-triangle-orange", "4-circle-yellow", "4-triangle-violet", "2-square-red", "1-circle-violet", "2-circle-yellow", "2-circle-cyan", "4-star-red", "1-circle-red", "2-square-violet", "4-star-orange", "4-crescent-cyan", "2-star-yellow", "1-star-yellow", "2-triangle-orange"], "creator": "b64080dbcf51a2af"}',7,0);
INSERT INTO "tables" VALUES('qzhVG5uXn9lc','pentago','{}',5,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "20b7384092825404861eff63bcf1cfadc49773a4ccfa7f61e20c9b8982dec621", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "0bf86f8731d88206cf1e38201b0b6139bcd16a1d18ac357f27c10ecbecdda131", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}]','finished',1.79666844884754204744e+09,1.7966684489701304436e+09,0,'{"creator": "b64080dbcf51a2af"}',30,0);
INSERT INTO "tables" VALUES('an1L8qY480U4','pentic','{"players": 2, "target": 30}',NULL,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "e8a8b1e011f2ee6aa6f2fa5ff78913c76406b25defaa4265965e7fc26427ab46", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "7105956dd97927a01507f487453803ca2f549e3b5e06b47d9b545926394853da", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}]','finished',1.79666844897713255885e+09,1.79666844908520412444e+09,0,'{"deck": ["3-crescent-cyan", "4-crescent-yellow", "5-crescent-orange", "4-crescent-orange", "2-square-cyan", "2-crescent-orange", "4-triangle-red", "5-triangle-cyan", "5-triangle-orange", "2-square-orange", "1-star-yellow", "5-star-violet", "3-circle-red", "5-triangle-red", "2-circle-violet", "2-crescent-red", "3-triangle-red", "3-circle-yellow", "3-crescent-red", "5-square-violet", "4-square-yellow", "1-circle-orange", "5-triangle-yellow", "4-circle-violet", "1-square-red", "4-crescent-cyan", "1-circle-red", "5-crescent-cyan", "2-circle-red", "5-circle-violet", "3-star-violet", "5-square-red", "1-star-orange", "5-circle-red", "1-triangle-yellow", "3-crescent-yellow", "3-triangle-orange", "1-triangle-red", "3-circle-cyan", "2-circle-cyan", "2-triangle-violet", "1-crescent-yellow", "3-square-cyan", "4-star-cyan", "1-crescent-cyan", "4-circle-cyan", "2-square-yellow", "2-star-orange", "3-triangle-yellow", "4-crescent-violet", "3-crescent-violet", "5-crescent-violet", "1-star-cyan", "3-circle-violet", "3-star-red", "5-circle-cyan", "2-star-yellow", "3-square-red", "2-star-red", "2-triangle-yellow", "5-circle-orange", "4-triangle-violet", "5-star-cyan", "2-star-cyan", "3-triangle-violet", "3-star-yellow", "2-circle-orange", "1-square-cyan", "4-circle-yellow", "4-square-red", "1-circle-violet", "4-star-red", "3-star-cyan", "5-star-yellow", "5-square-orange", "1-crescent-violet", "2-triangle-cyan", "1-square-yellow", "4-triangle-yellow", "3-square-violet", "1-crescent-red", "2-crescent-yellow", "2-circle-yellow", "3-crescent-orange", "1-triangle-violet", "3-star-orange", "5-star-red", "5-star-orange", "2-triangle-orange", "2-crescent-violet", "4-triangle-cyan", "2-crescent-cyan", "4-triangle-orange", "2-square-violet", "4-star-yellow", "5-square-yellow", "1-triangle-orange", "4-star-orange", "5-circle-yellow", "3-square-orange", "4-crescent-red", "4-square-violet", "4-circle-red", "2-square-red", "4-square-orange", "4-circle-orange", "1-star-red", "1-crescent-orange", "3-square-yellow", "5-crescent-red", "5-triangle-violet", "1-square-orange", "4-star-violet", "5-crescent-yellow", "1-circle-cyan", "1-star-violet", "1-triangle-cyan", "2-triangle-red", "2-star-violet", "1-square-violet", "3-triangle-cyan", "5-square-cyan", "3-circle-orange", "4-square-cyan", "1-circle-yellow"], "creator": "b64080dbcf51a2af"}',30,0);
INSERT INTO "tables" VALUES('E5eDGp6T6Iq1','pentup','{"players": 2, "scoring": "standard", "teams": false}',1972131977,'[{"kind": "computer", "name": "", "level": "easy", "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "computer", "name": "", "level": "easy", "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}]','playing',1.79666844909444808962e+09,1.79666844909444808962e+09,0,'{"creator": "b64080dbcf51a2af"}',0,0);
INSERT INTO "tables" VALUES('xxxgY0oI78yp','pentup','{"players": 2, "scoring": "standard", "teams": false}',446885972,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "11c2da94fc4e94762cbc7ca95763de4bc0af9b2a32176defcbfae92cc990622d", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "", "level": null, "token_hash": null, "claimed": false, "open": true, "invite_hash": null, "used_invite_hash": "aa6154d3351df9bcdefe90020bfb5f517e0eb08a33162bb1429032be94f1094a", "freed_invite_hashes": []}]','playing',1.79666874927996087071e+09,1.79666874940752029424e+09,0,'{"creator": "b64080dbcf51a2af"}',2,2);
INSERT INTO "tables" VALUES('3p7-5DoOczhI','pentago','{}',1072400672,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "d5fb1f499bdb654262d89b4d02cd8b3a1569ed3c83e0e93e231214cd6c6ac429", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "f9b7e63c019eca6532bdc01707cc3b2cce53dce3814cebc5f578370f73be0ef4", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}]','playing',1.79666874941128444677e+09,1.79666874942039012912e+09,0,'{"creator": "b64080dbcf51a2af"}',2,0);
INSERT INTO "tables" VALUES('1de-rzNL22ta','pentago','{}',5,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "Ann", "level": null, "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}]','finished',1.79666874943151617049e+09,1.79666874943151617049e+09,1,'{"creator": "b64080dbcf51a2af"}',30,0);
INSERT INTO "tables" VALUES('YP9eUO04MoJ0','pentic','{"players": 2, "target": 30}',NULL,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "Ann", "level": null, "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}]','finished',1.79666874943795275686e+09,1.79666874943795275686e+09,1,'{"deck": ["3-crescent-cyan", "4-crescent-yellow", "5-crescent-orange", "4-crescent-orange", "2-square-cyan", "2-crescent-orange", "4-triangle-red", "5-triangle-cyan", "5-triangle-orange", "2-square-orange", "1-star-yellow", "5-star-violet", "3-circle-red", "5-triangle-red", "2-circle-violet", "2-crescent-red", "3-triangle-red", "3-circle-yellow", "3-crescent-red", "5-square-violet", "4-square-yellow", "1-circle-orange", "5-triangle-yellow", "4-circle-violet", "1-square-red", "4-crescent-cyan", "1-circle-red", "5-crescent-cyan", "2-circle-red", "5-circle-violet", "3-star-violet", "5-square-red", "1-star-orange", "5-circle-red", "1-triangle-yellow", "3-crescent-yellow", "3-triangle-orange", "1-triangle-red", "3-circle-cyan", "2-circle-cyan", "2-triangle-violet", "1-crescent-yellow", "3-square-cyan", "4-star-cyan", "1-crescent-cyan", "4-circle-cyan", "2-square-yellow", "2-star-orange", "3-triangle-yellow", "4-crescent-violet", "3-crescent-violet", "5-crescent-violet", "1-star-cyan", "3-circle-violet", "3-star-red", "5-circle-cyan", "2-star-yellow", "3-square-red", "2-star-red", "2-triangle-yellow", "5-circle-orange", "4-triangle-violet", "5-star-cyan", "2-star-cyan", "3-triangle-violet", "3-star-yellow", "2-circle-orange", "1-square-cyan", "4-circle-yellow", "4-square-red", "1-circle-violet", "4-star-red", "3-star-cyan", "5-star-yellow", "5-square-orange", "1-crescent-violet", "2-triangle-cyan", "1-square-yellow", "4-triangle-yellow", "3-square-violet", "1-crescent-red", "2-crescent-yellow", "2-circle-yellow", "3-crescent-orange", "1-triangle-violet", "3-star-orange", "5-star-red", "5-star-orange", "2-triangle-orange", "2-crescent-violet", "4-triangle-cyan", "2-crescent-cyan", "4-triangle-orange", "2-square-violet", "4-star-yellow", "5-square-yellow", "1-triangle-orange", "4-star-orange", "5-circle-yellow", "3-square-orange", "4-crescent-red", "4-square-violet", "4-circle-red", "2-square-red", "4-square-orange", "4-circle-orange", "1-star-red", "1-crescent-orange", "3-square-yellow", "5-crescent-red", "5-triangle-violet", "1-square-orange", "4-star-violet", "5-crescent-yellow", "1-circle-cyan", "1-star-violet", "1-triangle-cyan", "2-triangle-red", "2-star-violet", "1-square-violet", "3-triangle-cyan", "5-square-cyan", "3-circle-orange", "4-square-cyan", "1-circle-yellow"], "creator": "b64080dbcf51a2af"}',30,0);
INSERT INTO "tables" VALUES('nNmw6bXrhnrT','pentup','{"players": 2, "scoring": "standard", "teams": false}',1972131977,'[{"kind": "human", "name": "computer (easy)", "level": null, "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}, {"kind": "human", "name": "computer (easy)", "level": null, "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null, "freed_invite_hashes": []}]','replay',1.79666874944308781626e+09,1.79666874944308781626e+09,1,'{"creator": "b64080dbcf51a2af"}',0,0);
CREATE INDEX ix_tables_status ON tables (status);
CREATE INDEX ix_tables_updated ON tables (updated);
CREATE INDEX ix_moves_table_id ON moves (table_id);
COMMIT;
