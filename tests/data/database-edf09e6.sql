-- A database written by the server of commit edf09e6, the 300th commit (2026-12-04): private, version and seats_version columns, no schema marker, no backup command.
-- Made by tests/data/old_release.py playing on that release's 'pentarena serve' (over HTTP and WebSocket);
-- database-edf09e6.json names its tables, their seat tokens and the records it exported.
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
INSERT INTO "moves" VALUES(1,'D-GZarLxcctH',0,0,'N:0,0;1,0;2,0;2,1;3,1',1.79666813172381448744e+09);
INSERT INTO "moves" VALUES(2,'D-GZarLxcctH',1,1,'Z:0,-1;1,-3;1,-2;1,-1;2,-3',1.79666813174615979187e+09);
INSERT INTO "moves" VALUES(3,'D-GZarLxcctH',2,0,'I:3,0;4,0;5,0;6,0;7,0',1.79666813175715684887e+09);
INSERT INTO "moves" VALUES(4,'D-GZarLxcctH',3,1,'U:4,1;4,2;5,1;6,1;6,2',1.79666813177204275128e+09);
INSERT INTO "moves" VALUES(5,'D-GZarLxcctH',4,0,'Y:0,0;1,-1;1,0;2,0;3,0',1.79666813178331565862e+09);
INSERT INTO "moves" VALUES(6,'5cvEq497Qo1W',0,0,'F:0,0;0,1;1,1;1,2;2,1',1.79666813182368183135e+09);
INSERT INTO "moves" VALUES(7,'5cvEq497Qo1W',1,1,'F:-3,0;-2,0;-2,1;-1,-1;-1,0',1.79666813183562779424e+09);
INSERT INTO "moves" VALUES(8,'5cvEq497Qo1W',2,2,'Z:2,2;2,3;3,2;4,1;4,2',1.79666813185489153857e+09);
INSERT INTO "moves" VALUES(9,'5cvEq497Qo1W',3,3,'P:1,1;1,2;2,1;2,2;2,3',1.79666813186762166021e+09);
INSERT INTO "moves" VALUES(10,'5cvEq497Qo1W',4,0,'N:-2,2;-2,3;-2,4;-1,1;-1,2',1.79666813188208389284e+09);
INSERT INTO "moves" VALUES(11,'5cvEq497Qo1W',5,1,'P:-2,0;-2,1;-2,2;-1,1;-1,2',1.79666813189578986162e+09);
INSERT INTO "moves" VALUES(12,'5cvEq497Qo1W',6,2,'U:-4,3;-4,5;-3,3;-3,4;-3,5',1.79666813192585563658e+09);
INSERT INTO "moves" VALUES(13,'5cvEq497Qo1W',7,3,'L:5,1;5,2;6,1;7,1;8,1',1.79666813194195151325e+09);
INSERT INTO "moves" VALUES(14,'5cvEq497Qo1W',8,0,'V:-6,-1;-5,-1;-4,-1;-4,0;-4,1',1.79666813194994258885e+09);
INSERT INTO "moves" VALUES(15,'J4ey8c8Wgn0i',0,0,'L:0,1;1,1;2,1;3,0;3,1',1.79666813198639440532e+09);
INSERT INTO "moves" VALUES(16,'J4ey8c8Wgn0i',1,1,'F:0,2;1,2;1,3;1,4;2,3',1.79666813199409723276e+09);
INSERT INTO "moves" VALUES(17,'J4ey8c8Wgn0i',2,2,'Y:1,1;1,2;1,3;1,4;2,3',1.79666813200995683667e+09);
INSERT INTO "moves" VALUES(18,'J4ey8c8Wgn0i',3,0,'I:-1,-1;0,-1;1,-1;2,-1;3,-1',1.79666813202645754814e+09);
INSERT INTO "moves" VALUES(19,'J4ey8c8Wgn0i',4,1,'T:0,-4;1,-4;1,-3;1,-2;2,-4',1.7966681320369513034e+09);
INSERT INTO "moves" VALUES(20,'J4ey8c8Wgn0i',5,2,'L:0,-1;1,-4;1,-3;1,-2;1,-1',1.79666813207441449168e+09);
INSERT INTO "moves" VALUES(21,'qq6dxN5dWtYu',0,0,'c6 BR cw',1.79666813225111722941e+09);
INSERT INTO "moves" VALUES(22,'qq6dxN5dWtYu',1,1,'c4 BR ccw',1.79666813226427316669e+09);
INSERT INTO "moves" VALUES(23,'qq6dxN5dWtYu',2,0,'b2 TR ccw',1.79666813226747655867e+09);
INSERT INTO "moves" VALUES(24,'qq6dxN5dWtYu',3,1,'d4 TL ccw',1796668132.27857);
INSERT INTO "moves" VALUES(25,'qq6dxN5dWtYu',4,0,'e3 TR ccw',1.79666813228163146972e+09);
INSERT INTO "moves" VALUES(26,'qq6dxN5dWtYu',5,1,'b4 TR ccw',1796668132.28478);
INSERT INTO "moves" VALUES(27,'8_QMq1wowXeW',0,0,'L:f3,f4,f5,f6,g6',1.79666813230943274502e+09);
INSERT INTO "moves" VALUES(28,'8_QMq1wowXeW',1,1,'Y:c2,d2,e2,f2,e3',1.79666813231357526785e+09);
INSERT INTO "moves" VALUES(29,'8_QMq1wowXeW',2,0,'T:a4,b4,c4,b5,b6',1.7966681323195128441e+09);
INSERT INTO "moves" VALUES(30,'8_QMq1wowXeW',3,1,'F:d6,b7,c7,d7,c8',1.79666813232295441622e+09);
INSERT INTO "moves" VALUES(31,'ZhgIJluMRKlx',0,0,'pick X',1.79666813236142635344e+09);
INSERT INTO "moves" VALUES(32,'ZhgIJluMRKlx',1,1,'pick I',1.79666813239143133163e+09);
INSERT INTO "moves" VALUES(33,'ZhgIJluMRKlx',2,2,'pick P',1.79666813240338063238e+09);
INSERT INTO "moves" VALUES(34,'ZhgIJluMRKlx',3,0,'pick F',1.79666813242124652864e+09);
INSERT INTO "moves" VALUES(35,'ZhgIJluMRKlx',4,1,'pick Y',1.79666813243528366086e+09);
INSERT INTO "moves" VALUES(36,'ZhgIJluMRKlx',5,2,'pick L',1.79666813244732332232e+09);
INSERT INTO "moves" VALUES(37,'ZhgIJluMRKlx',6,0,'pick T',1.7966681324591634273e+09);
INSERT INTO "moves" VALUES(38,'ebCSttTOciI8',0,0,'F:i4,g5,h5,i5,h6',1.79666813248625230792e+09);
INSERT INTO "moves" VALUES(39,'ebCSttTOciI8',1,0,'Y:d2,e2,f2,g2,e3',1.79666813249606561663e+09);
INSERT INTO "moves" VALUES(40,'ebCSttTOciI8',2,0,'N:g3,f4,g4,f5,f6',1.79666813250756168362e+09);
INSERT INTO "moves" VALUES(41,'g5_KLjidVDFj',0,0,'3-star-orange@1',1.79666813253034901619e+09);
INSERT INTO "moves" VALUES(42,'g5_KLjidVDFj',1,1,'3-star-cyan@9',1.79666813254351139068e+09);
INSERT INTO "moves" VALUES(43,'g5_KLjidVDFj',2,0,'2-crescent-orange@1',1.79666813255540204052e+09);
INSERT INTO "moves" VALUES(44,'g5_KLjidVDFj',3,1,'4-crescent-violet@8',1.79666813256910753247e+09);
INSERT INTO "moves" VALUES(45,'g5_KLjidVDFj',4,0,'1-square-violet@8',1.79666813258327984813e+09);
INSERT INTO "moves" VALUES(46,'g5_KLjidVDFj',5,1,'4-star-cyan@1',1.79666813259125566484e+09);
INSERT INTO "moves" VALUES(47,'K2IvROy1G0SW',0,0,'3-square-cyan@2',1.79666813261106443405e+09);
INSERT INTO "moves" VALUES(48,'K2IvROy1G0SW',1,1,'4-crescent-red@9',1.79666813261592245103e+09);
INSERT INTO "moves" VALUES(49,'K2IvROy1G0SW',2,2,'5-circle-yellow@5',1.79666813262795162196e+09);
INSERT INTO "moves" VALUES(50,'K2IvROy1G0SW',3,0,'5-star-red@8',1.7966681326341845989e+09);
INSERT INTO "moves" VALUES(51,'K2IvROy1G0SW',4,1,'1-circle-yellow@3',1.796668132638958931e+09);
INSERT INTO "moves" VALUES(52,'K2IvROy1G0SW',5,2,'4-circle-violet@5',1.79666813264565515518e+09);
INSERT INTO "moves" VALUES(53,'K2IvROy1G0SW',6,0,'1-circle-cyan@7',1.79666813265522766116e+09);
INSERT INTO "moves" VALUES(54,'rziGorU57_TA',0,0,'d2 TL cw',1.79666813267575764655e+09);
INSERT INTO "moves" VALUES(55,'rziGorU57_TA',1,1,'a6 BR cw',1.79666813267881107329e+09);
INSERT INTO "moves" VALUES(56,'rziGorU57_TA',2,0,'a3 TL ccw',1.79666813268122172353e+09);
INSERT INTO "moves" VALUES(57,'rziGorU57_TA',3,1,'b2 TL cw',1.79666813268338918692e+09);
INSERT INTO "moves" VALUES(58,'rziGorU57_TA',4,0,'a2 BR cw',1.79666813268535566325e+09);
INSERT INTO "moves" VALUES(59,'rziGorU57_TA',5,1,'c5 BR cw',1.79666813268732690816e+09);
INSERT INTO "moves" VALUES(60,'rziGorU57_TA',6,0,'d1 BL cw',1.7966681326905710697e+09);
INSERT INTO "moves" VALUES(61,'rziGorU57_TA',7,1,'a5 BR ccw',1.7966681326965367794e+09);
INSERT INTO "moves" VALUES(62,'rziGorU57_TA',8,0,'f4 BR cw',1.79666813270673799514e+09);
INSERT INTO "moves" VALUES(63,'rziGorU57_TA',9,1,'a6 TL cw',1.79666813271457457539e+09);
INSERT INTO "moves" VALUES(64,'rziGorU57_TA',10,0,'b4 BL ccw',1.79666813272739434243e+09);
INSERT INTO "moves" VALUES(65,'rziGorU57_TA',11,1,'e6 BR cw',1.79666813273495745663e+09);
INSERT INTO "moves" VALUES(66,'rziGorU57_TA',12,0,'d3 TL cw',1.79666813273864245416e+09);
INSERT INTO "moves" VALUES(67,'rziGorU57_TA',13,1,'c4 BR ccw',1.79666813275128841405e+09);
INSERT INTO "moves" VALUES(68,'rziGorU57_TA',14,0,'d5 BL ccw',1.79666813275879335407e+09);
INSERT INTO "moves" VALUES(69,'rziGorU57_TA',15,1,'a6 BL cw',1.79666813276274394987e+09);
INSERT INTO "moves" VALUES(70,'rziGorU57_TA',16,0,'f3 TR ccw',1.7966681327709350586e+09);
INSERT INTO "moves" VALUES(71,'rziGorU57_TA',17,1,'e2 TR ccw',1.79666813277489614483e+09);
INSERT INTO "moves" VALUES(72,'rziGorU57_TA',18,0,'d2 BR ccw',1796668132.78321);
INSERT INTO "moves" VALUES(73,'rziGorU57_TA',19,1,'c3 BR cw',1.79666813279091882706e+09);
INSERT INTO "moves" VALUES(74,'rziGorU57_TA',20,0,'e3 BR cw',1.79666813279470205305e+09);
INSERT INTO "moves" VALUES(75,'rziGorU57_TA',21,1,'b1 TR cw',1.79666813280294060707e+09);
INSERT INTO "moves" VALUES(76,'rziGorU57_TA',22,0,'f4 TL ccw',1.79666813280660486217e+09);
INSERT INTO "moves" VALUES(77,'rziGorU57_TA',23,1,'d1 BR cw',1.79666813281497263904e+09);
INSERT INTO "moves" VALUES(78,'rziGorU57_TA',24,0,'d5 TR ccw',1.7966681328186144829e+09);
INSERT INTO "moves" VALUES(79,'rziGorU57_TA',25,1,'e5 BR cw',1.79666813282696294787e+09);
INSERT INTO "moves" VALUES(80,'rziGorU57_TA',26,0,'b4 TR ccw',1.79666813283362030977e+09);
INSERT INTO "moves" VALUES(81,'rziGorU57_TA',27,1,'d5 TL ccw',1.79666813283838295938e+09);
INSERT INTO "moves" VALUES(82,'rziGorU57_TA',28,0,'d2 BL cw',1.79666813284559226037e+09);
INSERT INTO "moves" VALUES(83,'rziGorU57_TA',29,1,'b5 BR cw',1.79666813285085415837e+09);
INSERT INTO "moves" VALUES(84,'k3dyF0wA-0z2',0,0,'1-triangle-cyan@5',1796668132.88609);
INSERT INTO "moves" VALUES(85,'k3dyF0wA-0z2',1,1,'1-circle-yellow@8',1.79666813289939665794e+09);
INSERT INTO "moves" VALUES(86,'k3dyF0wA-0z2',2,0,'3-triangle-violet@6',1.79666813291000294688e+09);
INSERT INTO "moves" VALUES(87,'k3dyF0wA-0z2',3,1,'2-crescent-cyan@9',1.7966681329258472919e+09);
INSERT INTO "moves" VALUES(88,'k3dyF0wA-0z2',4,0,'1-square-orange@2',1.79666813293799328805e+09);
INSERT INTO "moves" VALUES(89,'k3dyF0wA-0z2',5,1,'3-square-violet@4',1.79666813294343447691e+09);
INSERT INTO "moves" VALUES(90,'k3dyF0wA-0z2',6,0,'2-crescent-violet@1',1.79666813294992208475e+09);
INSERT INTO "moves" VALUES(91,'k3dyF0wA-0z2',7,1,'4-square-cyan@5',1.79666813295320725442e+09);
INSERT INTO "moves" VALUES(92,'k3dyF0wA-0z2',8,0,'5-crescent-cyan@9',1.7966681329633078575e+09);
INSERT INTO "moves" VALUES(93,'k3dyF0wA-0z2',9,1,'1-crescent-violet@3',1.79666813297800111769e+09);
INSERT INTO "moves" VALUES(94,'k3dyF0wA-0z2',10,0,'5-star-red@7',1.79666813298193120962e+09);
INSERT INTO "moves" VALUES(95,'k3dyF0wA-0z2',11,1,'1-crescent-red@5',1.79666813298532581331e+09);
INSERT INTO "moves" VALUES(96,'k3dyF0wA-0z2',12,0,'5-triangle-cyan@9',1.79666813298859953879e+09);
INSERT INTO "moves" VALUES(97,'k3dyF0wA-0z2',13,1,'5-crescent-yellow@1',1.79666813299143409733e+09);
INSERT INTO "moves" VALUES(98,'k3dyF0wA-0z2',14,0,'4-triangle-red@3',1796668132.99404);
INSERT INTO "moves" VALUES(99,'k3dyF0wA-0z2',15,1,'2-triangle-red@4',1.79666813299633812903e+09);
INSERT INTO "moves" VALUES(100,'k3dyF0wA-0z2',16,0,'5-triangle-red@9',1.79666813299857926373e+09);
INSERT INTO "moves" VALUES(101,'k3dyF0wA-0z2',17,1,'4-crescent-red@5',1.7966681330007452965e+09);
INSERT INTO "moves" VALUES(102,'k3dyF0wA-0z2',18,0,'4-square-violet@3',1.79666813300300288198e+09);
INSERT INTO "moves" VALUES(103,'k3dyF0wA-0z2',19,1,'5-square-cyan@5',1.79666813300522947311e+09);
INSERT INTO "moves" VALUES(104,'k3dyF0wA-0z2',20,0,'3-star-cyan@2',1.79666813300744915011e+09);
INSERT INTO "moves" VALUES(105,'k3dyF0wA-0z2',21,1,'4-triangle-cyan@3',1.79666813300958466527e+09);
INSERT INTO "moves" VALUES(106,'k3dyF0wA-0z2',22,0,'1-square-cyan@5',1796668133.0117);
INSERT INTO "moves" VALUES(107,'k3dyF0wA-0z2',23,1,'1-triangle-orange@6',1.79666813301387500757e+09);
INSERT INTO "moves" VALUES(108,'9kdg3jbypn5R',0,0,'Z:0,1;0,2;1,1;2,0;2,1',1.79666843339252471929e+09);
INSERT INTO "moves" VALUES(109,'9kdg3jbypn5R',1,1,'L:-3,-1;-2,-1;-1,-1;0,-1;0,0',1.79666843340765023228e+09);
INSERT INTO "moves" VALUES(110,'Vvt4e49qqLbM',0,0,'d5 TR cw',1.79666843343217968943e+09);
INSERT INTO "moves" VALUES(111,'Vvt4e49qqLbM',1,1,'b2 TL ccw',1.79666843343506050113e+09);
INSERT INTO "moves" VALUES(112,'8w2Isxe3SYnJ',0,-1,'d2 TL cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(113,'8w2Isxe3SYnJ',1,-1,'a6 BR cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(114,'8w2Isxe3SYnJ',2,-1,'a3 TL ccw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(115,'8w2Isxe3SYnJ',3,-1,'b2 TL cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(116,'8w2Isxe3SYnJ',4,-1,'a2 BR cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(117,'8w2Isxe3SYnJ',5,-1,'c5 BR cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(118,'8w2Isxe3SYnJ',6,-1,'d1 BL cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(119,'8w2Isxe3SYnJ',7,-1,'a5 BR ccw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(120,'8w2Isxe3SYnJ',8,-1,'f4 BR cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(121,'8w2Isxe3SYnJ',9,-1,'a6 TL cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(122,'8w2Isxe3SYnJ',10,-1,'b4 BL ccw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(123,'8w2Isxe3SYnJ',11,-1,'e6 BR cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(124,'8w2Isxe3SYnJ',12,-1,'d3 TL cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(125,'8w2Isxe3SYnJ',13,-1,'c4 BR ccw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(126,'8w2Isxe3SYnJ',14,-1,'d5 BL ccw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(127,'8w2Isxe3SYnJ',15,-1,'a6 BL cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(128,'8w2Isxe3SYnJ',16,-1,'f3 TR ccw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(129,'8w2Isxe3SYnJ',17,-1,'e2 TR ccw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(130,'8w2Isxe3SYnJ',18,-1,'d2 BR ccw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(131,'8w2Isxe3SYnJ',19,-1,'c3 BR cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(132,'8w2Isxe3SYnJ',20,-1,'e3 BR cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(133,'8w2Isxe3SYnJ',21,-1,'b1 TR cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(134,'8w2Isxe3SYnJ',22,-1,'f4 TL ccw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(135,'8w2Isxe3SYnJ',23,-1,'d1 BR cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(136,'8w2Isxe3SYnJ',24,-1,'d5 TR ccw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(137,'8w2Isxe3SYnJ',25,-1,'e5 BR cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(138,'8w2Isxe3SYnJ',26,-1,'b4 TR ccw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(139,'8w2Isxe3SYnJ',27,-1,'d5 TL ccw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(140,'8w2Isxe3SYnJ',28,-1,'d2 BL cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(141,'8w2Isxe3SYnJ',29,-1,'b5 BR cw',1.79666843344468259808e+09);
INSERT INTO "moves" VALUES(142,'cPAwKQo6E1FP',0,-1,'1-triangle-cyan@5',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(143,'cPAwKQo6E1FP',1,-1,'1-circle-yellow@8',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(144,'cPAwKQo6E1FP',2,-1,'3-triangle-violet@6',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(145,'cPAwKQo6E1FP',3,-1,'2-crescent-cyan@9',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(146,'cPAwKQo6E1FP',4,-1,'1-square-orange@2',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(147,'cPAwKQo6E1FP',5,-1,'3-square-violet@4',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(148,'cPAwKQo6E1FP',6,-1,'2-crescent-violet@1',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(149,'cPAwKQo6E1FP',7,-1,'4-square-cyan@5',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(150,'cPAwKQo6E1FP',8,-1,'5-crescent-cyan@9',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(151,'cPAwKQo6E1FP',9,-1,'1-crescent-violet@3',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(152,'cPAwKQo6E1FP',10,-1,'5-star-red@7',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(153,'cPAwKQo6E1FP',11,-1,'1-crescent-red@5',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(154,'cPAwKQo6E1FP',12,-1,'5-triangle-cyan@9',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(155,'cPAwKQo6E1FP',13,-1,'5-crescent-yellow@1',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(156,'cPAwKQo6E1FP',14,-1,'4-triangle-red@3',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(157,'cPAwKQo6E1FP',15,-1,'2-triangle-red@4',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(158,'cPAwKQo6E1FP',16,-1,'5-triangle-red@9',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(159,'cPAwKQo6E1FP',17,-1,'4-crescent-red@5',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(160,'cPAwKQo6E1FP',18,-1,'4-square-violet@3',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(161,'cPAwKQo6E1FP',19,-1,'5-square-cyan@5',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(162,'cPAwKQo6E1FP',20,-1,'3-star-cyan@2',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(163,'cPAwKQo6E1FP',21,-1,'4-triangle-cyan@3',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(164,'cPAwKQo6E1FP',22,-1,'1-square-cyan@5',1.7966684334537506104e+09);
INSERT INTO "moves" VALUES(165,'cPAwKQo6E1FP',23,-1,'1-triangle-orange@6',1.7966684334537506104e+09);
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
INSERT INTO "tables" VALUES('IIP9Y5bPcEJP','pentup','{"players": 2, "scoring": "standard", "teams": false}',1502285974,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "3549d1698e735eeca5359daa73203ee556f94f751f0daab66005f6de12399954", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "", "level": null, "token_hash": null, "claimed": false, "open": false, "invite_hash": "f5ec8d64c8b7577d7da9df7ce56139b363b8e6c8587cbfed69e07a32046c78d0", "used_invite_hash": null}]','playing',1.79666813164946508407e+09,1.79666813164946508407e+09,0,'{"creator": "b64080dbcf51a2af"}',0,0);
INSERT INTO "tables" VALUES('iCdMadXzOV1o','pentago','{}',720604792,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "7217bae94fcd24adebde212ef9377bb207f8eb900223627866be97997068750c", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "", "level": null, "token_hash": null, "claimed": false, "open": true, "invite_hash": null, "used_invite_hash": null}]','playing',1.79666813166442966456e+09,1.79666813166442966456e+09,0,'{"creator": "b64080dbcf51a2af"}',0,0);
INSERT INTO "tables" VALUES('D-GZarLxcctH','pentup','{"players": 2, "scoring": "standard", "teams": false}',1673634499,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "6a7f19b53850e80aadf0b95a220e785e1e3330bd4f1edec389f0fb6a712abf1a", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "Bob", "level": null, "token_hash": "3c913edaef40d42ef0b75d09e2398c2675e0bdd6ef53628d78c219945e782e0a", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": "6cc0b9c8168dfdc38eb9ba8716beb8b80353ec6a074e4d8c155bd7cc86fc7eaf"}]','playing',1.79666813168018245699e+09,1.79666813178331565862e+09,0,'{"creator": "b64080dbcf51a2af"}',5,1);
INSERT INTO "tables" VALUES('5cvEq497Qo1W','pentup','{"players": 4, "scoring": "standard", "teams": true}',891982797,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "fbd6aa32d7fe13f14f16370bd4a109d6643b2b6a15e0444217940afe9653f25d", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "bed6d5580e6072e7d7c20a9ef043ecf284066ac53e804932403e3283aabda355", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "24134fedc10656ce199bd0f67499578298239f64faebbe50b76050d6d75ae8ce", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "86010c4219a36b9498d9602d7f3e62032f53cc69b9b4a43d3daeb740fdbd2e65", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}]','playing',1.79666813179819631575e+09,1.79666813194994258885e+09,0,'{"creator": "b64080dbcf51a2af"}',9,0);
INSERT INTO "tables" VALUES('J4ey8c8Wgn0i','pentup','{"players": 3, "scoring": "advanced", "teams": false}',1537678835,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "0eb6aaef0589899b090a1a7cb765c71a5d2ea2f1b507ef7c7d9efb301ee18df1", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "272b0236468c4c521a543cb4a789ce6a2c4d5171fb815c10a91fe393a5c73dd9", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "computer", "name": "", "level": "easy", "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}]','playing',1.79666813196545600891e+09,1.79666813207441449168e+09,0,'{"creator": "b64080dbcf51a2af"}',6,0);
INSERT INTO "tables" VALUES('qq6dxN5dWtYu','pentago','{}',1798437915,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "e776d5d77185a6e160a29fd4acb3b8461853ae0f3430ed44f77d2dd4ce0a3b6f", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "computer", "name": "", "level": "easy", "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}]','playing',1.79666813223679232595e+09,1796668132.28478,0,'{"creator": "b64080dbcf51a2af"}',6,0);
INSERT INTO "tables" VALUES('8_QMq1wowXeW','pentomino','{"players": 2, "variant": "standard", "touch_move": false, "scoring": "10-5", "target": 50}',1923373045,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "edcb0cd8d2bec085f620d2d76caedd7c82f1928c5340de70b11014a950a7c4b0", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "ec4ab42a181e2f3176b74e7e6aa839205a050073fd57912533e77f7319d4d74e", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}]','playing',1.79666813229860854151e+09,1.79666813232295441622e+09,0,'{"creator": "b64080dbcf51a2af"}',4,0);
INSERT INTO "tables" VALUES('ZhgIJluMRKlx','pentomino','{"players": 3, "variant": "draft", "touch_move": false, "scoring": "10-5", "target": 50}',647534014,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "bf2fa9d130b17a96df5313ac098b7af28ce8f3fe40a8ebc5ea9e6bff3ea8a756", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "e21c9139033c33f6f26b9643e39c979fed5024c61fc7329800ca586b0390d015", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "dc71f58c1c324c47a29fc3c3ae5947947fcb70440276cf22677908f22d0470db", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}]','playing',1.79666813234225773805e+09,1.7966681324591634273e+09,0,'{"creator": "b64080dbcf51a2af"}',7,0);
INSERT INTO "tables" VALUES('ebCSttTOciI8','pentomino-puzzle','{"region": "6x10", "pieces": "FILNPTUVWXYZ"}',1324643715,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "bd2b272a7752f34cd38851391aa10443bcb264c91c99f18e12fb5c9fb37ea56c", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}]','playing',1.79666813247537350659e+09,1.79666813250756168362e+09,0,'{"creator": "b64080dbcf51a2af"}',3,0);
INSERT INTO "tables" VALUES('g5_KLjidVDFj','pentic','{"players": 2, "target": 250}',NULL,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "1eaf0b5b9ea3f79a6fe53aa1e712b6aadf85e6038e437949a4b0ea4b6cfa9e46", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "Bob", "level": null, "token_hash": "ff62371679c3561a8fb8f06a544149a594d905f0cd3a805aa7ed8ae6f635c57b", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": "20edd4775850678bdd83a1d1f5938abea0611a875424cc8dcabaee77163c3ab2"}]','playing',1.79666813251386690139e+09,1.79666813259125566484e+09,0,'{"deck": ["5-square-violet", "1-triangle-orange", "5-circle-red", "2-star-violet", "1-triangle-yellow", "5-square-yellow", "1-circle-red", "2-square-orange", "3-crescent-violet", "2-crescent-orange", "5-star-orange", "3-star-orange", "5-crescent-orange", "2-triangle-violet", "3-star-cyan", "1-circle-orange", "3-circle-yellow", "4-star-cyan", "4-crescent-violet", "1-square-violet", "2-triangle-cyan", "2-circle-violet", "2-star-yellow", "4-star-violet", "1-circle-yellow", "4-triangle-violet", "1-crescent-violet", "1-star-orange", "3-triangle-cyan", "4-square-red", "1-triangle-red", "4-crescent-yellow", "1-star-violet", "1-square-red", "3-triangle-yellow", "4-square-orange", "2-circle-red", "2-square-yellow", "2-crescent-violet", "5-square-red", "5-triangle-yellow", "4-crescent-red", "4-square-violet", "1-square-cyan", "5-star-red", "5-square-orange", "2-crescent-cyan", "1-circle-cyan", "2-star-red", "4-circle-cyan", "3-square-red", "5-crescent-yellow", "5-star-violet", "5-star-cyan", "4-triangle-orange", "4-circle-orange", "2-circle-orange", "5-square-cyan", "5-star-yellow", "1-crescent-yellow", "4-crescent-orange", "3-star-red", "3-circle-cyan", "5-triangle-orange", "2-square-cyan", "3-crescent-cyan", "1-triangle-violet", "4-crescent-cyan", "2-triangle-red", "3-crescent-orange", "5-circle-orange", "2-square-violet", "1-circle-violet", "4-triangle-yellow", "5-crescent-violet", "4-star-red", "2-crescent-red", "4-triangle-red", "3-circle-orange", "4-triangle-cyan", "1-square-yellow", "1-star-yellow", "3-crescent-red", "1-crescent-cyan", "2-square-red", "2-star-orange", "3-star-yellow", "3-triangle-orange", "3-square-violet", "2-circle-yellow", "1-star-red", "2-triangle-orange", "1-star-cyan", "2-crescent-yellow", "4-star-orange", "5-crescent-cyan", "4-circle-yellow", "3-crescent-yellow", "3-star-violet", "1-crescent-red", "3-circle-red", "2-triangle-yellow", "1-crescent-orange", "5-crescent-red", "5-triangle-cyan", "5-triangle-violet", "3-circle-violet", "4-circle-violet", "3-triangle-red", "5-circle-yellow", "4-square-yellow", "5-triangle-red", "2-star-cyan", "4-circle-red", "5-circle-cyan", "4-square-cyan", "2-circle-cyan", "3-square-orange", "3-triangle-violet", "4-star-yellow", "3-square-cyan", "1-square-orange", "1-triangle-cyan", "5-circle-violet", "3-square-yellow"], "creator": "b64080dbcf51a2af"}',6,1);
INSERT INTO "tables" VALUES('K2IvROy1G0SW','pentic','{"players": 3, "target": 60}',NULL,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "ff43e6ae0ce054ad92f433c8479ec356ecb6d8063275f7db1dbf5f268c3a93e6", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "24bafc45bd3fd9f4e8be2b34a1f6a40b0118309e3d02547eb670f79055234732", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "computer", "name": "", "level": "easy", "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}]','playing',1.79666813259683632846e+09,1.79666813265522766116e+09,0,'{"deck": ["2-triangle-cyan", "5-crescent-red", "1-crescent-cyan", "3-star-red", "2-circle-orange", "2-crescent-red", "3-star-violet", "3-star-cyan", "3-circle-yellow", "5-star-red", "3-square-cyan", "2-star-yellow", "2-triangle-red", "5-circle-violet", "5-square-orange", "1-circle-violet", "4-crescent-red", "1-circle-yellow", "1-crescent-red", "5-circle-yellow", "4-circle-violet", "2-triangle-orange", "4-crescent-cyan", "2-crescent-cyan", "2-crescent-yellow", "5-circle-red", "2-square-violet", "1-circle-cyan", "3-triangle-yellow", "2-star-red", "1-star-orange", "3-square-violet", "5-circle-orange", "3-crescent-red", "3-square-orange", "1-square-orange", "3-star-orange", "2-square-orange", "1-crescent-yellow", "5-square-red", "2-square-red", "1-crescent-orange", "2-triangle-violet", "5-crescent-yellow", "5-crescent-orange", "3-star-yellow", "5-triangle-yellow", "1-star-red", "2-circle-red", "2-circle-yellow", "4-triangle-violet", "5-square-violet", "4-star-violet", "5-circle-cyan", "4-triangle-yellow", "1-square-yellow", "3-triangle-cyan", "3-triangle-orange", "2-crescent-violet", "1-triangle-orange", "4-square-yellow", "4-star-orange", "5-star-orange", "5-square-yellow", "3-crescent-orange", "3-square-red", "4-circle-cyan", "1-triangle-violet", "4-square-red", "2-circle-cyan", "1-square-violet", "4-circle-red", "1-circle-orange", "3-circle-red", "4-circle-yellow", "3-triangle-violet", "5-star-cyan", "3-triangle-red", "5-triangle-orange", "2-crescent-orange", "1-star-yellow", "2-star-violet", "3-crescent-cyan", "3-circle-violet", "3-circle-cyan", "3-square-yellow", "1-star-violet", "5-crescent-cyan", "4-triangle-red", "1-crescent-violet", "4-square-cyan", "4-star-cyan", "4-triangle-cyan", "3-crescent-violet", "5-crescent-violet", "1-circle-red", "4-triangle-orange", "4-crescent-orange", "4-crescent-violet", "1-triangle-red", "4-star-yellow", "2-triangle-yellow", "4-square-violet", "2-square-cyan", "5-star-violet", "5-triangle-red", "5-star-yellow", "1-square-red", "1-square-cyan", "4-crescent-yellow", "2-star-orange", "1-triangle-cyan", "1-star-cyan", "5-triangle-cyan", "5-square-cyan", "2-star-cyan", "2-square-yellow", "4-square-orange", "4-star-red", "5-triangle-violet", "3-circle-orange", "1-triangle-yellow", "4-circle-orange", "3-crescent-yellow", "2-circle-violet"], "creator": "b64080dbcf51a2af"}',7,0);
INSERT INTO "tables" VALUES('rziGorU57_TA','pentago','{}',5,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "989e7d61b9b2c888da1ceda5923dca755b6da7c9b021fcdcf81cbbebfaaaf4ed", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "f659a749ca2556137f94d7ce8b899318cbfeb241a1708108bf7c022c03988f83", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}]','finished',1.79666813266400289539e+09,1.79666813285085415837e+09,0,'{"creator": "b64080dbcf51a2af"}',30,0);
INSERT INTO "tables" VALUES('k3dyF0wA-0z2','pentic','{"players": 2, "target": 30}',NULL,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "28d2621c208575a393e2d8ab7e3262ab01d7dc5c79ff90cf70416b4373a02321", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "36de16d128df00aaedb1b0dc45b6cd18f48133b20390603b20d189fcc9e271aa", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}]','finished',1.79666813286068964006e+09,1.79666813301387500757e+09,0,'{"deck": ["3-triangle-red", "1-star-orange", "4-crescent-cyan", "4-circle-cyan", "1-circle-cyan", "3-circle-violet", "1-crescent-orange", "4-circle-yellow", "1-star-red", "1-triangle-cyan", "5-triangle-red", "3-triangle-violet", "2-crescent-violet", "1-square-cyan", "5-crescent-yellow", "4-square-cyan", "1-triangle-orange", "2-crescent-cyan", "1-circle-yellow", "1-square-orange", "1-crescent-red", "5-crescent-cyan", "3-square-violet", "2-star-violet", "1-crescent-violet", "5-triangle-cyan", "2-triangle-red", "5-star-red", "4-crescent-red", "4-square-violet", "1-star-violet", "4-triangle-red", "5-square-cyan", "3-star-cyan", "5-square-red", "3-crescent-orange", "4-circle-red", "2-triangle-violet", "4-triangle-cyan", "3-square-cyan", "2-circle-red", "5-star-yellow", "1-triangle-yellow", "1-crescent-cyan", "2-triangle-orange", "5-star-violet", "5-crescent-red", "3-circle-cyan", "2-crescent-red", "4-star-red", "4-triangle-yellow", "3-triangle-yellow", "3-crescent-red", "5-circle-cyan", "4-crescent-yellow", "4-star-yellow", "5-circle-red", "2-star-cyan", "3-square-yellow", "5-triangle-yellow", "4-star-cyan", "3-star-yellow", "4-crescent-orange", "5-triangle-violet", "3-star-violet", "1-square-red", "3-circle-orange", "4-star-violet", "3-square-orange", "3-crescent-cyan", "4-square-yellow", "5-crescent-violet", "1-triangle-violet", "2-triangle-yellow", "5-star-orange", "4-circle-violet", "2-square-cyan", "5-square-violet", "1-circle-violet", "2-square-orange", "2-crescent-orange", "5-circle-violet", "2-square-violet", "1-star-yellow", "2-circle-orange", "5-circle-orange", "4-circle-orange", "4-square-red", "3-triangle-cyan", "3-crescent-yellow", "4-star-orange", "5-triangle-orange", "5-circle-yellow", "3-star-red", "5-square-yellow", "3-triangle-orange", "3-circle-red", "1-star-cyan", "2-triangle-cyan", "4-crescent-violet", "2-star-orange", "1-square-yellow", "5-square-orange", "4-triangle-orange", "1-triangle-red", "2-crescent-yellow", "2-circle-yellow", "1-square-violet", "4-square-orange", "2-square-yellow", "5-crescent-orange", "3-square-red", "3-crescent-violet", "2-star-red", "1-crescent-yellow", "3-star-orange", "1-circle-red", "2-circle-cyan", "3-circle-yellow", "2-square-red", "2-star-yellow", "1-circle-orange", "4-triangle-violet", "5-star-cyan", "2-circle-violet"], "creator": "b64080dbcf51a2af"}',24,0);
INSERT INTO "tables" VALUES('082q67vbL6cf','pentup','{"players": 2, "scoring": "standard", "teams": false}',1640035361,'[{"kind": "computer", "name": "", "level": "easy", "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "computer", "name": "", "level": "easy", "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}]','playing',1.79666813301844573019e+09,1.79666813301844573019e+09,0,'{"creator": "b64080dbcf51a2af"}',0,0);
INSERT INTO "tables" VALUES('9kdg3jbypn5R','pentup','{"players": 2, "scoring": "standard", "teams": false}',591606823,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "c95755871fc79d72f8692910f4a3975a84b779440c4e53d7de106cc06256e0e4", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "Cleo", "level": null, "token_hash": null, "claimed": false, "open": true, "invite_hash": null, "used_invite_hash": "37d4c5ce7c97f903eb17ed8ebd8d60b1dc6a8c74140cb0f70b7625356a5823cc"}]','playing',1.7966684333526194095e+09,1.79666843342205262185e+09,0,'{"creator": "b64080dbcf51a2af"}',2,2);
INSERT INTO "tables" VALUES('Vvt4e49qqLbM','pentago','{}',544850419,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": "8da1975a98c7270ec12807aee8fd9f362742796b3a83c54e0be92fd076561102", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "Ann", "level": null, "token_hash": "d79894dcf801a71373bd5405fa7b14b6513027e10846efe8faa609b1b7c8a3f1", "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}]','playing',1.79666843342537736888e+09,1.79666843343506050113e+09,0,'{"creator": "b64080dbcf51a2af"}',2,0);
INSERT INTO "tables" VALUES('8w2Isxe3SYnJ','pentago','{}',5,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "Ann", "level": null, "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}]','finished',1.79666843344468259808e+09,1.79666843344468259808e+09,1,'null',30,0);
INSERT INTO "tables" VALUES('cPAwKQo6E1FP','pentic','{"players": 2, "target": 30}',NULL,'[{"kind": "human", "name": "Ann", "level": null, "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "Ann", "level": null, "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}]','finished',1.7966684334537506104e+09,1.7966684334537506104e+09,1,'{"deck": ["3-triangle-red", "1-star-orange", "4-crescent-cyan", "4-circle-cyan", "1-circle-cyan", "3-circle-violet", "1-crescent-orange", "4-circle-yellow", "1-star-red", "1-triangle-cyan", "5-triangle-red", "3-triangle-violet", "2-crescent-violet", "1-square-cyan", "5-crescent-yellow", "4-square-cyan", "1-triangle-orange", "2-crescent-cyan", "1-circle-yellow", "1-square-orange", "1-crescent-red", "5-crescent-cyan", "3-square-violet", "2-star-violet", "1-crescent-violet", "5-triangle-cyan", "2-triangle-red", "5-star-red", "4-crescent-red", "4-square-violet", "1-star-violet", "4-triangle-red", "5-square-cyan", "3-star-cyan", "5-square-red", "3-crescent-orange", "4-circle-red", "2-triangle-violet", "4-triangle-cyan", "3-square-cyan", "2-circle-red", "5-star-yellow", "1-triangle-yellow", "1-crescent-cyan", "2-triangle-orange", "5-star-violet", "5-crescent-red", "3-circle-cyan", "2-crescent-red", "4-star-red", "4-triangle-yellow", "3-triangle-yellow", "3-crescent-red", "5-circle-cyan", "4-crescent-yellow", "4-star-yellow", "5-circle-red", "2-star-cyan", "3-square-yellow", "5-triangle-yellow", "4-star-cyan", "3-star-yellow", "4-crescent-orange", "5-triangle-violet", "3-star-violet", "1-square-red", "3-circle-orange", "4-star-violet", "3-square-orange", "3-crescent-cyan", "4-square-yellow", "5-crescent-violet", "1-triangle-violet", "2-triangle-yellow", "5-star-orange", "4-circle-violet", "2-square-cyan", "5-square-violet", "1-circle-violet", "2-square-orange", "2-crescent-orange", "5-circle-violet", "2-square-violet", "1-star-yellow", "2-circle-orange", "5-circle-orange", "4-circle-orange", "4-square-red", "3-triangle-cyan", "3-crescent-yellow", "4-star-orange", "5-triangle-orange", "5-circle-yellow", "3-star-red", "5-square-yellow", "3-triangle-orange", "3-circle-red", "1-star-cyan", "2-triangle-cyan", "4-crescent-violet", "2-star-orange", "1-square-yellow", "5-square-orange", "4-triangle-orange", "1-triangle-red", "2-crescent-yellow", "2-circle-yellow", "1-square-violet", "4-square-orange", "2-square-yellow", "5-crescent-orange", "3-square-red", "3-crescent-violet", "2-star-red", "1-crescent-yellow", "3-star-orange", "1-circle-red", "2-circle-cyan", "3-circle-yellow", "2-square-red", "2-star-yellow", "1-circle-orange", "4-triangle-violet", "5-star-cyan", "2-circle-violet"]}',24,0);
INSERT INTO "tables" VALUES('hOev1_08QjEd','pentup','{"players": 2, "scoring": "standard", "teams": false}',1640035361,'[{"kind": "human", "name": "computer (easy)", "level": null, "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}, {"kind": "human", "name": "computer (easy)", "level": null, "token_hash": null, "claimed": true, "open": false, "invite_hash": null, "used_invite_hash": null}]','replay',1.79666843346604919429e+09,1.79666843346604919429e+09,1,'null',0,0);
CREATE INDEX ix_tables_updated ON tables (updated);
CREATE INDEX ix_tables_status ON tables (status);
CREATE INDEX ix_moves_table_id ON moves (table_id);
COMMIT;
